import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { waitFor } from '../automations/support';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { openWithScriptsHeld, signInAs } from '../support/portal-pages';

const DESKTOP = { width: 1280, height: 900 };
/** Long enough for a lost state to show (the button would stay disabled), short of jest's own bound. */
const ENABLED_WITHIN = { timeout: 15_000 };

/** What is typed before the page has hydrated is kept, and sends once the scripts run. */
describe('portal: typing before the scripts have loaded', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    // The Community page is shown once the organization has one.
    await admin.api.portal_customizations.createOne({ page: 'Community', blocks: [] } as never);
  });

  const patient = (fname: string) => admin.api.endusers.createOne({ fname, lname: 'Early', email: `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com` });
  /** A signed-in patient and a chat room of theirs with the admin. */
  const patientInRoom = async (fname: string, title: string, type: 'external' | 'Group Chat') => {
    const enduser = await patient(fname);
    const room = await admin.api.chat_rooms.createOne({ title, enduserIds: [enduser.id], userIds: [admin.userInfo.id], type });
    await signInAs(harness, admin, enduser.id, '/home');
    return { enduser, room };
  };

  it('a chat message typed before hydration is sent with Send', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const { room } = await patientInRoom('Tia', 'Early words', 'external');

    const hydrate = await openWithScriptsHeld(page, `${portal.url}/communications/${room.id}`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Typed while the page was loading');
    await hydrate();
    await page.getByRole('button', { name: 'Send' }).click(ENABLED_WITHIN);
    await page.getByRole('log', { name: 'Messages' }).getByText('Typed while the page was loading').waitFor();
    expect((await admin.api.chats.getSome({ filter: { roomId: room.id } })).map((chat) => chat.message)).toEqual(['Typed while the page was loading']);
  });

  it("a group chat's acknowledgement ticked and display name typed before hydration are saved", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const { enduser, room } = await patientInRoom('Wren', 'Early group', 'Group Chat');

    const hydrate = await openWithScriptsHeld(page, `${portal.url}/communications/${room.id}`);
    await page.getByLabel('I understand', { exact: false }).check();
    await page.getByRole('textbox', { name: 'Display name' }).fill('EarlyBird');
    await hydrate();
    await page.getByRole('button', { name: 'Save display name' }).click(ENABLED_WITHIN);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect((await admin.api.endusers.getOne(enduser.id)).displayName).toBe('EarlyBird');
  });

  it('without scripts, the group chat display name is saved with the box ticked, and refused without it', async () => {
    const { page, portal } = harness;
    const { enduser, room } = await patientInRoom('Xan', 'Plain group', 'Group Chat');
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    await plain.goto(`${portal.url}/communications/${room.id}`);
    await plain.getByRole('textbox', { name: 'Display name' }).fill('PlainName');
    await plain.getByRole('button', { name: 'Save display name' }).click();
    await plain.getByText('Enter a display name and tick the box').waitFor();
    await plain.getByLabel('I understand', { exact: false }).check();
    await plain.getByRole('textbox', { name: 'Display name' }).fill('PlainName');
    await plain.getByRole('button', { name: 'Save display name' }).click();
    await plain.getByRole('textbox', { name: 'Message' }).waitFor();
    expect((await admin.api.endusers.getOne(enduser.id)).displayName).toBe('PlainName');
    await context.close();
  });

  it('a comment typed before hydration is posted with Add Comment', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Ugo');
    const forum = await admin.api.forums.createOne({ title: 'Early risers', publicRead: true } as never);
    const post = await admin.api.forum_posts.createOne({ forumId: forum.id, title: 'Morning walks', textContent: 'Who else?' } as never);
    await signInAs(harness, admin, enduser.id, '/home');

    const hydrate = await openWithScriptsHeld(page, `${portal.url}/community?forumId=${forum.id}&postId=${post.id}`);
    await page.getByRole('textbox', { name: 'Comment' }).fill('Every day at six');
    await hydrate();
    await page.getByRole('button', { name: 'Add Comment' }).click(ENABLED_WITHIN);
    await page.getByRole('listitem').getByText('Every day at six').waitFor();
    // Posted once, and the box emptied for the next comment.
    await waitFor(() => page.getByRole('textbox', { name: 'Comment' }).inputValue(), (value) => value === '', 'the comment box emptied');
    expect((await admin.api.forum_posts.getOne(post.id)).numComments).toBe(1);
  });

  it('an email typed on the sign-in page before hydration goes on to the password step', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Vic');
    await admin.api.endusers.set_password({ id: enduser.id, password: 'Early-pass-1' });
    const hydrate = await openWithScriptsHeld(page, `${portal.url}/login`);
    await page.getByLabel('Email or phone').fill(enduser.email!);
    await hydrate();
    await page.getByRole('button', { name: 'Continue' }).click(ENABLED_WITHIN);
    await page.getByLabel('Password').waitFor();
  });
});
