import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

/**
 * A form staff fill in for a patient from the record: a visit note (a note form, kept as an internal
 * note) or a patient's form filled in with them, on the portal's own form filler; submitted, it opens
 * on the record. A note form is never offered to send; a form without questions cannot be filled in.
 */
describe('portal: staff fill in a form for a patient', () => {
  // The browser reports the not-found page's own 404 answer as a console error; that answer is the point.
  const harness = usePortalHarness({ expectedConsoleError: (text) => text.includes('the server responded with a status of 404') });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('writes a visit note question by question and reads it back on the record; the note is never offered to send', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    await admin.api.users.updateOne(admin.userInfo.id, { fname: 'Dana', lname: 'Desk' } as never);
    const note = await admin.api.forms.createOne({ title: `Visit note ${suffix}`, type: 'note' } as never);
    const complaint = await admin.api.form_fields.createOne({ formId: note.id, title: 'Chief complaint', type: 'string', previousFields: [{ type: 'root', info: {} }] } as never);
    await admin.api.form_fields.createOne({ formId: note.id, title: 'Plan', type: 'stringLong', previousFields: [{ type: 'after', info: { fieldId: complaint.id } }] } as never);
    const empty = await admin.api.forms.createOne({ title: `Draft survey ${suffix}` });
    const ada = await admin.api.endusers.createOne({ fname: 'Ada', lname: `Note${suffix}`, email: `ada-${suffix}@example.com` });
    const other = await admin.api.endusers.createOne({ fname: 'Otto', lname: `Other${suffix}` });

    await openAsAdmin(harness, `/staff/patients/${ada.id}`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    // Sending offers the patient's forms only.
    const reach = page.getByRole('region', { name: 'Reach the patient' });
    await reach.getByRole('combobox', { name: 'Send a form' }).click();
    await page.getByRole('option', { name: `Draft survey ${suffix}` }).waitFor();
    expect(await page.getByRole('option', { name: new RegExp(`Visit note ${suffix}`) }).count()).toBe(0);
    await page.keyboard.press('Escape');
    // Closed before the next menu opens (under load a click could otherwise land in this one).
    await page.getByRole('listbox').waitFor({ state: 'hidden' });

    const fill = page.getByRole('region', { name: 'Fill in a form' });
    // A form with no questions says so; nothing is prepared.
    await fill.getByRole('combobox', { name: 'Form to fill in' }).click();
    await page.getByRole('option', { name: `Draft survey ${suffix}` }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await fill.getByRole('combobox', { name: 'Form to fill in' }).innerText()).toContain(`Draft survey ${suffix}`);
    await fill.getByRole('button', { name: 'Fill in now' }).click();
    await fill.getByText('This form has no questions yet: add some under Forms first').waitFor();
    expect(await admin.api.form_responses.getSome({ filter: { formId: empty.id } })).toEqual([]);

    await fill.getByRole('combobox', { name: 'Form to fill in' }).click();
    await page.getByRole('option', { name: `Visit note ${suffix} (staff note)` }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await fill.getByRole('button', { name: 'Fill in now' }).click();
    await page.getByText(`Filling in for Ada Note${suffix}.`).waitFor();
    await page.getByRole('heading', { name: `Visit note ${suffix}` }).waitFor();
    await checkScreen(page, 'staff-fill-form', DESKTOP);
    await checkScreen(page, 'staff-fill-form', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByLabel('Chief complaint').fill('Knee pain after running');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Plan').fill('Rest for two weeks, then review.');
    await page.getByRole('button', { name: 'Submit' }).click();

    // Submitted: the response on the record, kept as an internal note by the staff member.
    await page.getByText('Knee pain after running').waitFor();
    await page.getByText('Rest for two weeks, then review.').waitFor();
    const [response] = await admin.api.form_responses.getSome({ filter: { formId: note.id } });
    expect(response).toMatchObject({ enduserId: ada.id, isInternalNote: true, submittedBy: admin.userInfo.id, submittedAt: expect.anything() });
    expect(new URL(page.url()).pathname).toBe(`/staff/patients/${ada.id}/responses/${response!.id}`);
    await page.getByRole('link', { name: `Back to Ada Note${suffix}` }).click();
    await page.getByRole('region', { name: 'Fill in a form' }).waitFor();
    // On the timeline as a note staff filled in, not as a form the patient was sent.
    await page.getByRole('list', { name: 'Timeline' }).getByText(`Visit note ${suffix} filled in by staff`, { exact: true }).first().waitFor();

    // Another patient's address with this code, or a code already used: the app's own page, never the form.
    const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: note.id, enduserId: ada.id, isInternalNote: true } as never);
    await page.goto(`${portal.url}/staff/patients/${other.id}/fill/${accessCode}`);
    await page.getByRole('heading', { name: 'This record does not exist or you cannot see it' }).waitFor();
    await page.goto(`${portal.url}/staff/patients/${ada.id}/fill/${accessCode}`);
    await page.getByLabel('Chief complaint').waitFor();
    // Started and left: the timeline says so, never that it was sent.
    await page.goto(`${portal.url}/staff/patients/${ada.id}`);
    await page.getByRole('list', { name: 'Timeline' }).getByText(`Visit note ${suffix} started, not yet submitted`, { exact: true }).first().waitFor();
    // And goes on with it from there, where it was left.
    await page.getByRole('link', { name: `Continue filling in Visit note ${suffix} started, not yet submitted` }).click();
    await page.getByLabel('Chief complaint').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/staff/patients/${ada.id}/fill/${accessCode}`);
  });
});
