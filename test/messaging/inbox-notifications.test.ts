import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import type { Session } from '@tellescope/sdk';
import { claimNumber, incomingText, postAsTwilio, TWILIO_TEST_TOKEN } from './inbound-support';
import { inboxCall } from './inbox-support';
import { createEnduserSession, createStaffSession, startMessagingApi, uniquePhone, waitUntil, type MessagingApi } from './support';

const SUBJECT = 'You have a new message from a patient';

/** Issue 32: a patient's message notifies the conversation's staff, else the care team, else the Admins; emails are batched. */
describe('inbox notifications', () => {
  let smtp: SmtpCapture;
  let api: MessagingApi;
  let tenant: Tenant;
  let sdk: Session;
  let adminId: string;
  const clinicNumber = uniquePhone();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startMessagingApi({ env: { SMTP_URL: smtp.url, TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN } });
    tenant = await createTenant(api.dataSource);
    sdk = await adminSession(api.host, tenant);
    adminId = sdk.userInfo.id as string;
    await claimNumber(sdk, tenant.businessId, clinicNumber);
  });
  afterAll(async () => {
    await api?.stop();
    await smtp?.stop();
  });

  const notificationsOf = (userId: string) => sdk.api.user_notifications.getSome({ filter: { userId } });
  /** Moves a user's notifications back in time, as if they had come `minutes` ago. */
  const age = (userId: string, minutes: number) =>
    api.dataSource.query(`UPDATE user_notifications SET "createdAt" = "createdAt" - make_interval(mins => $2) WHERE "userId" = $1`, [userId, minutes]);

  test("a patient's chat notifies the room's staff: a record, one email per 10 minutes with no health information, read with the conversation", async () => {
    const staff = await createStaffSession(api, sdk);
    const { enduser, session: patient } = await createEnduserSession(api, sdk, tenant.businessId, { fname: 'Dana', lname: 'Reyes' });
    const room = await sdk.api.chat_rooms.createOne({ enduserIds: [enduser.id], userIds: [staff.user.id] });

    await patient.api.chats.createOne({ roomId: room.id, message: 'My rash is worse today' });
    const [record] = await waitUntil(() => notificationsOf(staff.user.id), (list) => list.length === 1);
    expect(record).toMatchObject({ type: 'newEnduserMessage', read: false, message: 'New message from Dana Reyes' });
    expect(record!.relatedRecords).toContainEqual({ type: 'conversation', id: `chat:${room.id}` });
    const email = await smtp.waitFor(staff.user.email!);
    expect(email.subject).toBe(SUBJECT);
    expect(email.text).toContain(`http://portal.example.test/staff/inbox?c=chat%3A${room.id}`);
    for (const secret of ['rash', 'Dana', 'Reyes']) expect(`${email.subject} ${email.text} ${email.html ?? ''}`).not.toContain(secret);
    // Nobody else heard: the room has its staff member.
    expect(await notificationsOf(adminId)).toHaveLength(0);

    // Within 10 minutes: a second record, no second email.
    await patient.api.chats.createOne({ roomId: room.id, message: 'Also a fever' });
    await waitUntil(() => notificationsOf(staff.user.id), (list) => list.length === 2);
    await api.changes.idle();
    expect(smtp.to(staff.user.email!)).toHaveLength(1);

    // 11 minutes later: the next one emails again.
    await age(staff.user.id, 11);
    await patient.api.chats.createOne({ roomId: room.id, message: 'Still there?' });
    await smtp.waitFor(staff.user.email!, { index: 1 });

    // Reading the conversation reads its notifications and the room.
    const read = await inboxCall(api.host, staff.session, 'POST', '/inbox-conversation-read', { conversation: `chat:${room.id}` });
    expect(read).toEqual({ status: 200, body: { read: 3 } });
    expect((await notificationsOf(staff.user.id)).every((notification) => notification.read)).toBe(true);
    expect((await sdk.api.chat_rooms.getOne(room.id)).infoForUser?.[staff.user.id]?.unreadCount).toBe(0);
  });

  test("a text goes to the patient's care team, else to the Admins; an email preference of false keeps the record only", async () => {
    const careTeam = await createStaffSession(api, sdk);
    await sdk.api.users.updateOne(careTeam.user.id, { notificationPreferences: { newEnduserMessage: { email: false } } } as never);
    const assignedPhone = uniquePhone();
    const assigned = await sdk.api.endusers.createOne({ phone: assignedPhone, fname: 'Ari', assignedTo: [careTeam.user.id] } as never);
    expect((await postAsTwilio(api.host, '/webhooks/twilio/sms', incomingText(assignedPhone, clinicNumber, 'Can I refill my prescription?'))).status).toBe(200);
    const [record] = await waitUntil(() => notificationsOf(careTeam.user.id), (list) => list.length === 1);
    expect(record!.relatedRecords).toContainEqual({ type: 'conversation', id: `sms:${assigned.id}` });
    await api.changes.idle();
    expect(smtp.to(careTeam.user.email!)).toHaveLength(0);

    const unassignedPhone = uniquePhone();
    await sdk.api.endusers.createOne({ phone: unassignedPhone, fname: 'Bo' } as never);
    await postAsTwilio(api.host, '/webhooks/twilio/sms', incomingText(unassignedPhone, clinicNumber, 'Hello?'));
    const [forAdmin] = await waitUntil(() => notificationsOf(adminId), (list) => list.length === 1);
    expect(forAdmin).toMatchObject({ message: 'New message from Bo' });
    expect((await smtp.waitFor(tenant.adminEmail)).subject).toBe(SUBJECT);
    expect(await notificationsOf(careTeam.user.id)).toHaveLength(1);
  });
});
