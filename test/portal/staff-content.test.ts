import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { signInAs } from '../support/portal-pages';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

/** A 2×2 red PNG, uploaded as the header photo. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

/**
 * Issue 35, content: an article written in the staff app (blocks, a category, an uploaded header
 * photo), assigned by tag, lists the patients it reaches, previews with the portal's own component,
 * and shows in a tagged patient's portal and not in an untagged patient's.
 */
describe('portal: staff content builder', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('builds an article assigned by tag that only tagged patients see in their portal', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const tag = `diabetes-${suffix}`;
    const tagged = await admin.api.endusers.createOne({ fname: 'Tia', lname: `Tagged${suffix}`, tags: [tag] } as never);
    const untagged = await admin.api.endusers.createOne({ fname: 'Uma', lname: `Untagged${suffix}` } as never);
    for (const row of await admin.api.managed_content_records.getSome()) await admin.api.managed_content_records.deleteOne(row.id);

    await openAsAdmin(harness, '/staff/content');
    await page.getByRole('heading', { name: 'No content yet' }).waitFor();
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Content' }).waitFor();
    await page.getByRole('link', { name: 'Add content' }).click();
    await page.getByRole('heading', { name: 'Add content', level: 1 }).waitFor();
    await page.locator('[data-editor="ready"]').waitFor();

    // Before a title the preview says what brings it (not an empty patient's page).
    await page.getByText('Give the item a title, and the preview shows it here as your patients will see it.').waitFor();
    // The spec's 'Required' on the title; nothing is saved.
    await page.getByRole('button', { name: 'Add content' }).click();
    await page.getByText('Required', { exact: true }).waitFor();

    const title = `Living with diabetes ${suffix}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').fill('Nutrition');
    await page.getByRole('textbox', { name: 'Text 1' }).click();
    await page.keyboard.type('Choose whole grains and vegetables.');
    await page.getByRole('group', { name: 'Add a block' }).getByRole('button', { name: '+ Heading' }).click();
    await page.getByRole('textbox', { name: 'Heading 2', exact: true }).fill('Eating well');
    await page.getByRole('button', { name: 'Move up Heading 2' }).click();
    await page.getByRole('textbox', { name: 'Heading 1', exact: true }).waitFor();
    await page.getByLabel('Upload a header photo').setInputFiles({ name: 'greens.png', mimeType: 'image/png', buffer: PHOTO });
    await page.getByRole('img', { name: 'The header photo' }).waitFor();

    // By Tags needs a tag; the patients it reaches are listed.
    await page.getByRole('radio', { name: 'By Tags' }).check();
    await page.getByRole('button', { name: 'Add content' }).click();
    await page.getByText('Required', { exact: true }).waitFor();
    // The tags in use are offered by name, with how many patients carry each.
    await page.getByRole('combobox', { name: 'Tags' }).fill(tag.slice(0, -2));
    await page.getByRole('option', { name: `${tag} 1 patient` }).click();
    await page.getByRole('button', { name: `Remove tag ${tag}` }).waitFor();
    await page.getByRole('heading', { name: '1 patient sees it' }).waitFor();
    await page.getByRole('list', { name: 'Patients who see it' }).getByText(`Tia Tagged${suffix}`).waitFor();

    // The preview: the portal's own rendering of the unsaved article, blocks in their order.
    const view = page.getByRole('region', { name: "Patient's view" });
    await view.getByRole('heading', { name: title }).waitFor();
    await view.getByText('Choose whole grains and vegetables.').waitFor();
    const headings = await view.getByRole('heading').allInnerTexts();
    expect(headings).toEqual([title, 'Eating well']);
    await checkScreen(page, 'staff-content-editor', DESKTOP);
    await checkScreen(page, 'staff-content-editor', MOBILE);
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Add content' }).click();
    await page.getByRole('status').filter({ hasText: `Saved ${title}.` }).waitFor();
    await page.getByText(`Seen by: Patients tagged ${tag}`).waitFor();
    await checkScreen(page, 'staff-content-list', DESKTOP);
    const [saved] = await admin.api.managed_content_records.getSome();
    expect(saved).toMatchObject({ title, category: 'Nutrition', type: 'Article', assignmentType: 'By Tags', tags: [tag], textContent: 'Eating well\n\nChoose whole grains and vegetables.' });
    expect(saved!.blocks).toEqual([
      { type: 'h1', info: { text: 'Eating well' } },
      { type: 'html', info: { html: '<p>Choose whole grains and vegetables.</p>' } },
    ]);

    // The tagged patient sees it, header photo and all; the untagged one does not.
    await signInAs(harness, admin, tagged.id, '/content');
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: 'Eating well' }).waitFor();
    const photo = page.locator('img[src^="/content-files/"]');
    await photo.waitFor();
    await photo.evaluate((image) => (image as unknown as { decode: () => Promise<void> }).decode());
    // The photo loads for the patient (2 pixels wide), not a broken image.
    expect(await photo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBe(2);
    await checkScreen(page, 'staff-content-portal-article', MOBILE);
    await page.context().clearCookies();
    await signInAs(harness, admin, untagged.id, '/content');
    await page.getByRole('heading', { name: "Uma's Education Library" }).waitFor();
    await page.getByText('No content is available at this time').waitFor();
  });
});
