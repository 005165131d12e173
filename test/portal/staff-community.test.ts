import { randomBytes } from 'node:crypto';
import { EnduserSession, type Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { signInAs } from '../support/portal-pages';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

/**
 * Issue 35, Community: forums made and edited in the console, posts and comments moderated, a forum
 * deleted by typing its title (with its posts and comments), and the switch that makes the portal's
 * /community reachable or not.
 */
describe('portal: the staff Community builder', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('creates, edits, moderates and deletes a forum, and the switch opens and closes /community for patients', async () => {
    const { page, portal } = harness;
    const suffix = randomBytes(3).toString('hex');
    await page.setViewportSize(DESKTOP);
    const email = `lena-${suffix}@example.test`;
    const patient = await admin.api.endusers.createOne({ fname: 'Lena', lname: `Fischer${suffix}`, email } as never);
    await admin.api.endusers.set_password({ id: patient.id, password: 'Correct-horse-9' });
    // A second attempt (browser tests get one) starts from no forums and Community off, as the first did.
    for (const old of await admin.api.forums.getSome()) await admin.api.forums.deleteOne(old.id);
    for (const setting of await admin.api.portal_customizations.getSome()) await admin.api.portal_customizations.deleteOne(setting.id);
    const hydrated = () => page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    // The empty page says what to do; a forum without a title is refused on its field.
    await openAsAdmin(harness, '/staff/community');
    await page.getByText('No forums yet').waitFor();
    await page.getByRole('link', { name: 'New forum' }).click();
    await page.getByRole('heading', { name: 'New forum', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create forum' }).click();
    await page.getByText('Required', { exact: true }).waitFor();
    expect(await admin.api.forums.getSome()).toEqual([]);
    const title = `Garden club ${suffix}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Share what grows');
    await page.getByRole('button', { name: 'Create forum' }).click();
    await page.getByText(`Saved ${title}.`).waitFor();
    const [forum] = await admin.api.forums.getSome();
    expect(forum).toMatchObject({ title, description: 'Share what grows', publicRead: true });

    // Off by default: the patient's /community goes Home. The switch opens it, and closes it again.
    await signInAs(harness, admin, patient.id, '/home');
    await page.goto(`${portal.url}/community`);
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.goto(`${portal.url}/staff/community`);
    await hydrated();
    await page.getByRole('switch', { name: 'Show Community in the portal' }).check();
    await page.getByText('Patients see Community in their menu').waitFor();
    await page.getByRole('status').getByText('Saved: the portal shows this now.').waitFor();
    await page.goto(`${portal.url}/community`);
    await page.getByRole('heading', { name: title }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/community');

    // The patient posts and comments; staff see both by name and remove the comment.
    const patientSession = new EnduserSession({ host: harness.api.host, businessId: harness.tenant.businessId });
    await patientSession.authenticate(email, 'Correct-horse-9');
    const post = await patientSession.api.forum_posts.createOne({ forumId: forum!.id, title: 'My tomatoes', textContent: 'They are finally red.', htmlContent: '' } as never);
    await patientSession.api.post_comments.createOne({ forumId: forum!.id, postId: post.id, textContent: 'Buy my seeds at example.test', htmlContent: '' } as never);
    await page.goto(`${portal.url}/staff/community`);
    await hydrated();
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { name: 'My tomatoes' }).waitFor();
    await page.getByText('Buy my seeds at example.test').waitFor();
    await page.getByText(`Lena Fischer${suffix}`).first().waitFor();
    await checkScreen(page, 'staff-community-forum', DESKTOP);
    await checkScreen(page, 'staff-community-forum', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: `Delete comment by Lena Fischer${suffix}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Comment deleted.').waitFor();
    await page.getByText('Buy my seeds at example.test').waitFor({ state: 'detached' });
    expect(await admin.api.post_comments.getSome({ filter: { postId: post.id } })).toEqual([]);

    // Editing warns before leaving unsaved changes, and saves.
    await page.getByLabel('Title').fill(`${title} and friends`);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await page.getByRole('button', { name: 'Save forum' }).click();
    await page.getByText(`Saved ${title} and friends.`).waitFor();
    await page.getByRole('link', { name: `Edit ${title} and friends` }).click();

    // Deleting asks for the title: the wrong one leaves Delete disabled; the right one removes the forum, its posts and comments.
    await page.getByRole('button', { name: 'Delete forum' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete ${title} and friends?` });
    await dialog.getByLabel('Type the forum’s title to confirm').fill(title);
    expect(await dialog.getByRole('button', { name: 'Delete forum' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Type the forum’s title to confirm').fill(`${title} and friends`);
    await dialog.getByRole('button', { name: 'Delete forum' }).click();
    await page.getByText(`Deleted ${title} and friends, with its posts and comments.`).waitFor();
    expect(await admin.api.forums.getSome()).toEqual([]);
    expect(await admin.api.forum_posts.getSome({ filter: { forumId: forum!.id } })).toEqual([]);

    // Switched off, /community is closed to the patient again.
    await page.getByRole('switch', { name: 'Show Community in the portal' }).uncheck();
    await page.getByText('Patients do not see Community').waitFor();
    await page.getByRole('status').getByText('Saved: the portal shows this now.').waitFor();
    await page.goto(`${portal.url}/community`);
    expect(new URL(page.url()).pathname).toBe('/home');
  });
});
