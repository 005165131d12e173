import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { seriousAccessibilityViolations } from '../support/axe';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';
import { eventually, itemsOf, openClientSocket } from '../realtime/support';

/** The little of the page's DOM the waits below read (the tests compile without the DOM library). */
type PageGlobals = { document: { querySelector(selector: string): { value?: string; naturalWidth?: number } | null } };

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };
// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** docs/contract/portal.md#communications. */
describe('portal: communications', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const patient = (fname: string) => admin.api.endusers.createOne({ fname, lname: 'Patient', email: `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com` });
  const allowEnduserChat = (allow: boolean) =>
    harness.api.dataSource.getRepository('organizations').update({ _id: harness.tenant.businessId }, { portalSettings: { communication: { allowEnduserInitiatedChat: allow } } });

  it('enduser and staff exchange messages live; unread badge, mark read on open, date groups, attachments', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Chad');
    const room = await admin.api.chat_rooms.createOne({ title: 'Questions about my long-running treatment plan', enduserIds: [enduser.id], userIds: [admin.userInfo.id], type: 'external' });
    // Twelve unread messages: the badge shows at most 9.
    for (let i = 1; i <= 12; i++) await admin.api.chats.createOne({ roomId: room.id, message: `Staff note ${i} with a fairly long text that gets cut in the list` });
    const ended = await admin.api.chat_rooms.createOne({ title: 'Ended room', enduserIds: [enduser.id], userIds: [admin.userInfo.id], type: 'external' });
    await admin.api.chat_rooms.updateOne(ended.id, { endedAt: new Date() } as never);

    await signInAs(harness, admin, enduser.id, '/communications');
    await page.getByRole('heading', { name: 'Your Conversations', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'Your Conversations' });
    // Title cut at 30 characters, recent message at 40, the badge at 9.
    await list.getByRole('link', { name: 'Questions about my long-runnin…' }).waitFor();
    await list.getByText('9+', { exact: true }).waitFor();
    // The navigation's Communications entry carries the same badge.
    expect((await page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-badge').innerText()).trim()).toBe('9+');
    await list.getByText('Staff note 12 with a fairly long text th…').waitFor();
    expect(await list.getByText('Ended room').count()).toBe(0);
    // Start Conversation is off by default.
    expect(await page.getByRole('link', { name: 'Start Conversation' }).count()).toBe(0);
    await screenshot(page, 'communications-list');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await list.getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Questions about my long-running treatment plan', level: 1 }).waitFor();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('Staff note 12', { exact: false }).first().waitFor();
    // Opening the room marked it read.
    const read = await admin.api.chat_rooms.getOne(room.id);
    expect(read.infoForUser?.[enduser.id]?.unreadCount ?? 0).toBe(0);
    // The staff member's presence: the admin signed in just now.
    await page.getByRole('list', { name: 'Care team' }).getByText('Active').waitFor();

    // The enduser sends; staff see it arrive live on their own socket (the reference client's), and through the api.
    const staffSocket = await openClientSocket(admin);
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello from the portal');
    await page.getByRole('button', { name: 'Send' }).click();
    await log.getByText('Hello from the portal').waitFor();
    // Sent: the composer empties and shows no error.
    // Functions, not strings: the portal's CSP has no 'unsafe-eval' for Playwright to evaluate a string with.
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelector('textarea[name=message]')?.value === '');
    expect(await page.getByText('Failed to upload file').count()).toBe(0);
    expect((await admin.api.chats.getSome({ filter: { roomId: room.id } })).map((chat) => chat.message)).toContain('Hello from the portal');
    await eventually(() => itemsOf(staffSocket.received, 'created-chats').some((chat) => (chat as { message?: string }).message === 'Hello from the portal'), 5_000, "the enduser's message on the staff socket");
    staffSocket.socket.disconnect();

    // Staff reply; it appears without a reload, through the live channel (polling is then every 30 s).
    await page.locator('[role=log][data-live=socket]').waitFor();
    await admin.api.chats.createOne({ roomId: room.id, message: 'Reply from your care team' });
    await log.getByText('Reply from your care team').waitFor({ timeout: 10_000 });

    // An image attachment uploads and shows in the room.
    await page.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Send' }).click();
    await log.getByRole('img', { name: 'photo.png' }).waitFor();
    await page.getByRole('button', { name: 'Attach an image or video' }).waitFor();
    expect(await page.getByText('Failed to upload file').count()).toBe(0);
    // The image really loads through the portal (a broken image has no natural width).
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelector('img[alt="photo.png"]')?.naturalWidth === 1);
    await screenshot(page, 'communications-room');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'communications-room');

    // Back on the list: no unread badge for the read room (the enduser's own messages never count).
    await page.setViewportSize(DESKTOP);
    await page.goto(`${portal.url}/communications`);
    await page.getByRole('heading', { name: 'Your Conversations' }).waitFor();
    expect(await page.getByText('9+', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('unread-badge').count()).toBe(0);
    // A new staff message shows its badge without a reload, through the live channel (no polling while it is up).
    await page.locator('[aria-label="Your Conversations"][data-live=socket]').waitFor();
    await page.evaluate(() => Object.assign(globalThis, { notReloaded: true }));
    await admin.api.chats.createOne({ roomId: room.id, message: 'One more thing' });
    await page.getByRole('list', { name: 'Your Conversations' }).getByText('1', { exact: true }).waitFor({ timeout: 4_000 });
    // On another page, the navigation's badge counts a new message as it arrives.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Home/ }).click();
    await page.waitForURL(/\/home$/);
    await admin.api.chats.createOne({ roomId: room.id, message: 'And another' });
    await page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-badge').getByText('2', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it('groups messages under a date header when more than 10 minutes separate them; polling without a live channel', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Greta');
    const room = await admin.api.chat_rooms.createOne({ title: 'Grouping', enduserIds: [enduser.id], userIds: [admin.userInfo.id], type: 'external' });
    for (const message of ['First', 'Second', 'Third']) await admin.api.chats.createOne({ roomId: room.id, message });
    // Move the first message 11 minutes back: two groups.
    const chats = await admin.api.chats.getSome({ filter: { roomId: room.id } });
    const first = chats.find((chat) => chat.message === 'First')!;
    await harness.api.dataSource.getRepository('chats').update({ _id: first.id }, { createdAt: new Date(Date.now() - 11 * 60_000) });
    // Without a live channel in the browser, polling still brings new messages.
    await page.addInitScript('delete window.EventSource');
    await signInAs(harness, admin, enduser.id, `/communications/${room.id}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('Third').waitFor();
    expect(await log.getByRole('heading').count()).toBe(2);
    expect(await log.getAttribute('data-live')).toBe('polling');
    await admin.api.chats.createOne({ roomId: room.id, message: 'Fourth, by polling' });
    await log.getByText('Fourth, by polling').waitFor({ timeout: 10_000 });
  });

  it('Start Conversation only when the organization allows it, with a non-empty first message', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Stan');
    await allowEnduserChat(true);
    try {
      await signInAs(harness, admin, enduser.id, '/communications');
      await page.getByText('Your conversations will appear here.', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Start Conversation' }).click();
      const send = page.getByRole('button', { name: 'Send' });
      // Waited for rather than read once: the link may be followed before the page is hydrated.
      await page.getByRole('button', { name: 'Send', disabled: true }).waitFor();
      await page.getByRole('textbox', { name: 'Message' }).fill('   ');
      expect(await send.isDisabled()).toBe(true);
      await page.getByLabel('Subject').fill('Billing question');
      await page.getByRole('textbox', { name: 'Message' }).fill('Can you explain my last bill?');
      await screenshot(page, 'communications-start');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await send.click();
      await page.getByRole('heading', { name: 'Billing question', level: 1 }).waitFor();
      await page.getByRole('log', { name: 'Messages' }).getByText('Can you explain my last bill?').waitFor();
      const rooms = await admin.api.chat_rooms.getSome({ filter: { enduserIds: [enduser.id] } as never });
      expect(rooms.map((room) => room.title)).toContain('Billing question');
    } finally {
      await allowEnduserChat(false);
    }
    await page.goto(`${portal.url}/communications`);
    await page.getByRole('heading', { name: 'Your Conversations' }).waitFor();
    expect(await page.getByRole('link', { name: 'Start Conversation' }).count()).toBe(0);
  });

  it('a group chat asks for a display name, behind an acknowledgement, before chatting', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Gina');
    const room = await admin.api.chat_rooms.createOne({ title: 'Support group', enduserIds: [enduser.id], userIds: [admin.userInfo.id], type: 'Group Chat' });
    await signInAs(harness, admin, enduser.id, `/communications/${room.id}`);
    const save = page.getByRole('button', { name: 'Save display name' });
    // Before scripts load the button stays enabled (the server checks the box then); once
    // hydrated it waits for the acknowledgement.
    await page.getByRole('button', { name: 'Save display name', disabled: true }).waitFor();
    await screenshot(page, 'communications-display-name');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await page.getByLabel('I understand', { exact: false }).check();
    await page.getByRole('textbox', { name: 'Display name' }).fill('GardenFan');
    await save.click();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect((await admin.api.endusers.getOne(enduser.id)).displayName).toBe('GardenFan');
  });
});
