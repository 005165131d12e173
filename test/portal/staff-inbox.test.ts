import { randomBytes } from 'node:crypto';
import { EnduserSession, type Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { signInAs } from '../support/portal-pages';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';
import { waitUntil } from '../messaging/support';

/** Issue 32: the staff inbox, walked as a staff member in one browser. */
describe('portal: staff inbox', () => {
  const harness = usePortalHarness({ mail: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it("shows a patient's chat live, replies into the patient's portal, assigns, closes, templates; the notification and its email exist", async () => {
    const { page, smtp } = harness;
    const suffix = randomBytes(3).toString('hex');
    const adminId = admin.userInfo.id as string;
    await page.setViewportSize(DESKTOP);
    // The clinic starts without conversations (a retried attempt removes the last one's rooms).
    for (const old of await admin.api.chat_rooms.getSome()) await admin.api.chat_rooms.deleteOne(old.id);
    // ... and an empty mailbox: the notification email below is this attempt's.
    smtp.received.splice(0);
    const email = `dana-${suffix}@example.test`;
    const patient = await admin.api.endusers.createOne({ fname: 'Dana', lname: `Reyes${suffix}`, email } as never);
    await admin.api.endusers.set_password({ id: patient.id, password: 'Correct-horse-9' });
    const colleague = await admin.api.users.createOne({ email: `ravi-${suffix}@example.test`, fname: 'Ravi', lname: 'Shah' } as never);
    await admin.api.templates.createOne({ title: `Follow-up ${suffix}`, subject: 'Checking in', message: 'Hi {{enduser.fname}}, how are you feeling?' });
    const room = await admin.api.chat_rooms.createOne({ enduserIds: [patient.id], type: 'external' } as never);

    // The empty inbox says what to do next.
    await openAsAdmin(harness, '/staff/inbox');
    await page.getByText('No conversations yet.', { exact: false }).waitFor();
    await page.locator('[data-live="on"]').waitFor();
    await checkScreen(page, 'staff-inbox-empty', DESKTOP);

    // The patient writes from their portal's session: the card appears without a reload.
    await page.evaluate(() => Object.assign(globalThis, { notReloaded: true }));
    const patientSession = new EnduserSession({ host: harness.api.host, businessId: harness.tenant.businessId });
    await patientSession.authenticate(email, 'Correct-horse-9');
    await patientSession.api.chats.createOne({ roomId: room.id, message: 'Is my appointment still on?' });
    const card = page.getByRole('link', { name: new RegExp(`^Dana Reyes${suffix}.*Chat\\s*1 unread`) });
    await card.waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(card.innerText()).resolves.toContain('Is my appointment still on?');

    // The notification record (for the Admins: the room has no staff yet, the patient no care team) and its email.
    const [notification] = await admin.api.user_notifications.getSome({ filter: { userId: adminId } });
    expect(notification).toMatchObject({ type: 'newEnduserMessage', read: false });
    const mail = await smtp.waitFor(harness.tenant.adminEmail);
    expect(mail.subject).toBe('You have a new message from a patient');
    expect(mail.text).toContain(`${harness.portal.url}/staff/inbox?c=chat%3A${room.id}`);
    expect(mail.text).not.toContain('appointment');

    // Opening it (the address keeps view and conversation) reads it and its notification.
    await card.click();
    await page.waitForURL(`**/staff/inbox?view=All&c=chat%3A${room.id}`);
    await page.getByRole('heading', { name: `Dana Reyes${suffix}`, level: 2 }).waitFor();
    expect(await waitUntil(async () => (await admin.api.user_notifications.getOne(notification!.id)).read, (read) => read === true)).toBe(true);
    // An open conversation at rest stays at rest: reading it announces a change once, and the page's
    // reload for it reads it again without announcing another (no reload after reload).
    const reloads: string[] = [];
    const countReload = (request: { url: () => string }) => void (request.url().includes('/staff/inbox.data') && reloads.push(request.url()));
    page.on('request', countReload);
    await page.waitForTimeout(3_000);
    page.off('request', countReload);
    expect(reloads.length).toBeLessThanOrEqual(1);

    // A template filled in for this patient, then sent: it reaches the patient.
    await page.getByLabel('Template').selectOption({ label: `Follow-up ${suffix}` });
    await page.getByRole('button', { name: 'Insert template' }).click();
    expect(await waitUntil(() => page.getByLabel('Reply by chat').inputValue(), (value) => value !== '', 15_000)).toBe('Hi Dana, how are you feeling?');
    await page.getByLabel('Reply by chat').fill('Yes, see you at 3 PM.');
    await page.getByLabel('Attach a file').setInputFiles({ name: 'directions.txt', mimeType: 'text/plain', buffer: Buffer.from('Park behind the clinic.') });
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('list', { name: 'Messages' }).getByText('Yes, see you at 3 PM.').waitFor();
    const chats = await patientSession.api.chats.getSome({ filter: { roomId: room.id } });
    const reply = chats.find((chat) => chat.message === 'Yes, see you at 3 PM.');
    expect(reply?.attachments).toEqual([expect.objectContaining({ type: 'file', name: 'directions.txt' })]);
    // The patient may open it (shared to their portal), and staff download it from the conversation.
    const { downloadURL } = await patientSession.api.files.file_download_URL({ secureName: reply!.attachments![0]!.secureName });
    expect(await (await fetch(downloadURL)).text()).toBe('Park behind the clinic.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download directions.txt' }).click()]);
    expect(download.suggestedFilename()).toBe('directions.txt');

    // Assign to a colleague by name; close and reopen; the views follow.
    await page.getByLabel('Assign to').selectOption({ label: 'Ravi Shah' });
    await page.getByRole('button', { name: 'Assign' }).click();
    await page.getByText('Assigned to Ravi Shah').first().waitFor();
    expect((await admin.api.chat_rooms.getOne(room.id)).userIds).toContain(colleague.id);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Reopen' }).waitFor();
    await page.getByRole('link', { name: 'Closed' }).click();
    await page.getByRole('link', { name: new RegExp(`^Dana Reyes${suffix}`) }).waitFor();
    await page.getByRole('link', { name: new RegExp(`^Dana Reyes${suffix}`) }).click();
    await page.getByRole('button', { name: 'Reopen' }).click();
    await page.getByRole('button', { name: 'Close' }).waitFor();
    await checkScreen(page, 'staff-inbox-conversation', DESKTOP);
    await checkScreen(page, 'staff-inbox-conversation', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Mark unread (from the All view): back to the list, the card bold again.
    // Each page settles before the next click: a click on the page still showing the conversation
    // would race the reading of it that the next page's load does.
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await page.getByText('Pick a conversation from the list').waitFor();
    await page.getByRole('link', { name: new RegExp(`^Dana Reyes${suffix}`) }).click();
    await page.waitForURL(/[?&]c=chat/);
    await page.getByRole('heading', { name: `Dana Reyes${suffix}`, level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await page.getByRole('link', { name: new RegExp(`^Dana Reyes${suffix}.*marked unread`) }).waitFor();
    await checkScreen(page, 'staff-inbox-list', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Typing a patient's name opens a new conversation with them.
    const other = await admin.api.endusers.createOne({ fname: 'Ola', lname: `Nguyen${suffix}` } as never);
    await page.getByLabel('New conversation with').fill(`Nguyen${suffix}`);
    await page.getByRole('button', { name: `Write to Ola Nguyen${suffix}` }).click();
    await page.getByRole('heading', { name: `Ola Nguyen${suffix}`, level: 2 }).waitFor();
    await page.getByText('No messages yet. Write the first one below.').waitFor();
    const rooms = await admin.api.chat_rooms.getSome({ filter: { enduserIds: other.id } as never });
    expect(rooms).toHaveLength(1);

    // The reply shows in the patient's own portal.
    await signInAs(harness, admin, patient.id, `/communications/${room.id}`);
    await page.getByText('Yes, see you at 3 PM.').waitFor();
  });
});
