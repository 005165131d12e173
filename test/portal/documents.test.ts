import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** docs/contract/portal.md#documents. */
describe('portal: documents', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const patient = (fname: string) => admin.api.endusers.createOne({ fname, lname: 'Patient', email: `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com` });

  /** A file staff store for the enduser through the api (prepare, upload to the presigned target). */
  const staffFile = async (enduserId: string, name: string, content: Buffer, pushedToClientPortal: boolean) => {
    const { presignedUpload, file } = (await admin.api.files.prepare_file_upload({ name, size: content.length, type: 'text/plain', enduserId } as never)) as unknown as {
      presignedUpload: { url: string; fields: Record<string, string> };
      file: { id: string };
    };
    const form = new FormData();
    for (const [key, value] of Object.entries(presignedUpload.fields)) form.append(key, value);
    form.append('file', new Blob([content]), name);
    expect((await fetch(presignedUpload.url, { method: 'POST', body: form })).ok).toBe(true);
    if (pushedToClientPortal) await admin.api.files.updateOne(file.id, { pushedToClientPortal: true });
    return file;
  };

  it('lists shared and uploaded files with the filter, uploads with progress, downloads and hides', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Dora');
    const sharedContent = Buffer.from('Your lab results are normal.');
    await staffFile(enduser.id, 'Lab results.txt', sharedContent, true);
    await staffFile(enduser.id, 'Internal staff notes.txt', Buffer.from('not for the portal'), false);
    const form = await admin.api.forms.createOne({ title: 'Intake questionnaire' });
    const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });

    await signInAs(harness, admin, enduser.id, '/documents');
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    const outstanding = page.getByRole('region', { name: 'Outstanding Forms' });
    expect(await outstanding.getByRole('link', { name: 'Intake questionnaire' }).getAttribute('href')).toBe(`/documents/forms/${accessCode}`);
    await page.getByRole('region', { name: 'Your Submitted Forms' }).waitFor();
    const files = page.getByRole('region', { name: 'Shared Files' });
    expect(await files.getByRole('link', { name: /\.txt/ }).allInnerTexts()).toEqual(['Lab results.txt']);

    // Upload through the dialog; the name is cut to 30 characters.
    const longName = 'blood-pressure-readings-november-2026.txt';
    await files.getByRole('link', { name: 'Add File' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add File' });
    await dialog.getByLabel(/^File/).setInputFiles({ name: longName, mimeType: 'text/plain', buffer: Buffer.from('120/80 every morning') });
    await screenshot(page, 'documents-add-file');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.waitFor({ state: 'detached' });
    await files.getByRole('link', { name: `${longName.slice(0, 30)}…` }).waitFor();
    const [uploaded] = await admin.api.files.getSome({ filter: { name: longName } });
    expect(uploaded).toMatchObject({ enduserId: enduser.id, creator: enduser.id });
    await screenshot(page, 'documents');

    // The filter.
    await files.getByLabel('Show').selectOption('shared');
    await page.waitForURL(`${portal.url}/documents?filter=shared`);
    await files.getByRole('link', { name: `${longName.slice(0, 30)}…` }).waitFor({ state: 'detached' });
    expect(await files.getByRole('link', { name: /\.txt|…/ }).allInnerTexts()).toEqual(['Lab results.txt']);
    await files.getByLabel('Show').selectOption('uploaded');
    await page.waitForURL(`${portal.url}/documents?filter=uploaded`);
    await files.getByRole('link', { name: 'Lab results.txt' }).waitFor({ state: 'detached' });
    expect(await files.getByRole('link', { name: /\.txt|…/ }).allInnerTexts()).toEqual([`${longName.slice(0, 30)}…`]);
    await files.getByLabel('Show').selectOption('all');
    await page.waitForURL(`${portal.url}/documents?filter=all`);
    await files.getByRole('link', { name: 'Lab results.txt' }).waitFor();

    // Download through a fresh link.
    const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('link', { name: 'Lab results.txt' }).click()]);
    expect(download.suggestedFilename()).toBe('Lab results.txt');
    expect(await readFile((await download.path())!)).toEqual(sharedContent);

    // Hide an item.
    await files.getByRole('button', { name: `Hide ${longName}` }).click();
    await files.getByRole('link', { name: `${longName.slice(0, 30)}…` }).waitFor({ state: 'detached' });
    expect((await admin.api.files.getOne(uploaded.id)).hideFromEnduserPortal).toBe(true);
    await outstanding.getByRole('button', { name: 'Hide Intake questionnaire' }).click();
    await outstanding.getByRole('link', { name: 'Intake questionnaire' }).waitFor({ state: 'detached' });

    await page.setViewportSize(MOBILE);
    await screenshot(page, 'documents');
  });

  it('uploads without scripts (a plain multipart post)', async () => {
    const { page, portal } = harness;
    const enduser = await patient('Nils');
    await signInAs(harness, admin, enduser.id, '/home');
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    await plain.goto(`${portal.url}/documents`);
    await plain.getByRole('link', { name: 'Add File' }).click();
    await plain.getByRole('dialog', { name: 'Add File' }).getByLabel(/^File/).setInputFiles({ name: 'insurance.txt', mimeType: 'text/plain', buffer: Buffer.from('member 123') });
    await plain.getByRole('button', { name: 'Upload' }).click();
    await plain.waitForURL(`${portal.url}/documents`);
    await plain.getByRole('link', { name: 'insurance.txt' }).waitFor();
    await context.close();
  });
});
