import type { Session } from '@tellescope/sdk';
import type { Tenant } from '../support/tenant';
import type { SmtpCapture } from '../support/smtp-server';
import { createEnduserSession, createStaffSession, mailbox, uniqueEmail, uniquePhone, type MessagingApi, useMailingSuite } from './support';

const AUTOREPLY = 'Thanks for your message. Our team is currently out of the office and will get back to you as soon as we can.';

describe('send-user-email-notification and handle-out-of-office-autoreply', () => {
  const suite = useMailingSuite();
  let smtp: SmtpCapture;
  let api: MessagingApi;
  let tenant: Tenant;
  let sdk: Session;
  beforeAll(() => ({ smtp, api, tenant, sdk } = suite));

  test('a team member receives the notification email over SMTP', async () => {
    const staff = await createStaffSession(api, sdk);
    await expect(sdk.api.user_notifications.send_user_email_notification({ userId: staff.user.id, message: 'Pat sent a new message.', subject: 'New message' })).resolves.toEqual({});
    const received = await smtp.waitFor(staff.user.email!);
    expect(received.subject).toBe('New message');
    expect(received.text).toContain('Pat sent a new message.');
    await sdk.api.user_notifications.send_user_email_notification({ userId: staff.user.id, message: 'Another one.' });
    expect((await smtp.waitFor(staff.user.email!, { index: 1 })).subject).toBe('You have a new notification');
    await expect(sdk.api.user_notifications.send_user_email_notification({ userId: '0123456789abcdef01234567', message: 'x' })).rejects.toMatchObject({
      message: 'Could not find a record for the given id',
    });
  });

  test('out of office: one autoreply per hour per enduser and channel, only when enabled, only outside office hours', async () => {
    const today = new Date().getUTCDay();
    const address = uniqueEmail('ooo');
    const phone = uniquePhone();
    const enduser = await sdk.api.endusers.createOne({ email: address, phone });

    // Disabled: nothing.
    await sdk.api.availability_blocks.createOne({ entity: 'organization', entityId: tenant.businessId, index: 0, dayOfWeekStartingSundayIndexedByZero: (today + 1) % 7, startTimeInMinutes: 0, endTimeInMinutes: 1440 });
    await expect(sdk.api.availability_blocks.handle_autoreply({ channel: 'Email', enduserId: enduser.id })).resolves.toEqual({ sent: false });

    // Enabled, and the only office hours are tomorrow: out of office.
    await sdk.api.organizations.updateOne(tenant.businessId, { settings: { endusers: { autoReplyEnabled: true } } } as never);
    await expect(sdk.api.availability_blocks.handle_autoreply({ channel: 'Email', enduserId: enduser.id })).resolves.toEqual({ sent: true });
    const received = await smtp.waitFor(address);
    expect(received.subject).toBe('We received your message');
    expect(received.text).toContain(AUTOREPLY);

    // Within the hour: no second one on that channel; another channel gets its own.
    await expect(sdk.api.availability_blocks.handle_autoreply({ channel: 'Email', enduserId: enduser.id })).resolves.toEqual({ sent: false });
    await expect(sdk.api.availability_blocks.handle_autoreply({ channel: 'SMS', enduserId: enduser.id })).resolves.toEqual({ sent: true });
    await expect(sdk.api.availability_blocks.handle_autoreply({ channel: 'SMS', enduserId: enduser.id })).resolves.toEqual({ sent: false });
    expect(smtp.to(address)).toHaveLength(1);
    expect((await mailbox(api.host, phone, sdk)).map((m) => m.text)).toEqual([AUTOREPLY]);

    // Chat autoreplies go into the room named by threadId.
    const room = await sdk.api.chat_rooms.createOne({ userIds: [sdk.userInfo.id], enduserIds: [enduser.id] });
    await expect(sdk.api.availability_blocks.handle_autoreply({ channel: 'Chat', enduserId: enduser.id, threadId: room.id })).resolves.toEqual({ sent: true });
    expect((await sdk.api.chats.getSome({ filter: { roomId: room.id } })).map((c) => c.message)).toEqual([AUTOREPLY]);

    // Office open now (a block covering all of today): no autoreply for a new enduser either.
    await sdk.api.availability_blocks.createOne({ entity: 'organization', entityId: tenant.businessId, index: 1, dayOfWeekStartingSundayIndexedByZero: today, startTimeInMinutes: 0, endTimeInMinutes: 1440 });
    const other = await sdk.api.endusers.createOne({ email: uniqueEmail('open') });
    await expect(sdk.api.availability_blocks.handle_autoreply({ channel: 'Email', enduserId: other.id })).resolves.toEqual({ sent: false });

    // A closed day on today's date (a dated block, on the organization's clock: UTC here) takes today's hours away.
    const date = new Date().toISOString().slice(0, 10);
    await sdk.api.availability_blocks.createOne({ entity: 'organization', entityId: tenant.businessId, index: 2, date, dayOfWeekStartingSundayIndexedByZero: today, startTimeInMinutes: 0, endTimeInMinutes: 1440, unavailable: true } as never);
    await expect(sdk.api.availability_blocks.handle_autoreply({ channel: 'Email', enduserId: other.id })).resolves.toEqual({ sent: true });
  });

  test('a user’s own autoreply setting and weekly hours apply when userId is given; the call is Admin only', async () => {
    const staff = await createStaffSession(api, sdk);
    const enduser = await sdk.api.endusers.createOne({ email: uniqueEmail('user-ooo') });
    const today = new Date().getUTCDay();
    await sdk.api.users.updateOne(staff.user.id, { autoReplyEnabled: true, weeklyAvailabilities: [{ dayOfWeekStartingSundayIndexedByZero: (today + 3) % 7, startTimeInMinutes: 540, endTimeInMinutes: 1020 }] } as never);
    await expect(staff.session.api.availability_blocks.handle_autoreply({ channel: 'Email', enduserId: enduser.id, userId: staff.user.id })).rejects.toMatchObject({
      message: 'Admin access only',
    });
    await expect(sdk.api.availability_blocks.handle_autoreply({ channel: 'Email', enduserId: enduser.id, userId: staff.user.id })).resolves.toEqual({ sent: true });
    const [email] = await sdk.api.emails.getSome({ filter: { enduserId: enduser.id } });
    expect(email).toMatchObject({ userId: staff.user.id, textContent: AUTOREPLY, delivered: true });
  });
});

describe('out-of-office replies as a patient writes', () => {
  const suite = useMailingSuite();
  let api: MessagingApi;
  let sdk: Session;
  beforeAll(() => ({ api, sdk } = suite));

  test("a patient's chat or text out of the staff member's hours gets one reply at once; staff's own messages and a second within the hour get none", async () => {
    const tomorrow = (new Date().getUTCDay() + 1) % 7;
    const staff = await createStaffSession(api, sdk);
    // The staff member's own hours are tomorrow only, and their autoreply is on: out of office now.
    await sdk.api.users.updateOne(staff.user.id, { autoReplyEnabled: true, weeklyAvailabilities: [{ dayOfWeekStartingSundayIndexedByZero: tomorrow, startTimeInMinutes: 0, endTimeInMinutes: 1440 }] } as never);
    const phone = uniquePhone();
    const { enduser, session: patient } = await createEnduserSession(api, sdk, suite.tenant.businessId, { phone, assignedTo: [staff.user.id] });
    const room = await sdk.api.chat_rooms.createOne({ userIds: [staff.user.id], enduserIds: [enduser.id] });
    const messages = async () => (await sdk.api.chats.getSome({ filter: { roomId: room.id } })).map((chat) => [chat.senderId, chat.message]).reverse();

    await staff.session.api.chats.createOne({ roomId: room.id, message: 'Checking in' });
    await patient.api.chats.createOne({ roomId: room.id, message: 'Is the clinic open?' });
    // There when the patient's message is: the same transaction.
    expect(await messages()).toEqual([
      [staff.user.id, 'Checking in'],
      [enduser.id, 'Is the clinic open?'],
      [staff.user.id, AUTOREPLY],
    ]);
    await patient.api.chats.createOne({ roomId: room.id, message: 'Hello?' });
    expect((await messages()).filter(([, message]) => message === AUTOREPLY)).toHaveLength(1);

    // A text that comes in from the patient: answered once, from their care team, to their phone.
    // A carrier keyword gets its own answer elsewhere, never an autoreply.
    await sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'HELP', inbound: true, logOnly: true } as never);
    expect(await mailbox(api.host, phone, sdk)).toEqual([]);
    await sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Running late', inbound: true, logOnly: true } as never);
    await sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Very late', inbound: true, logOnly: true } as never);
    expect((await mailbox(api.host, phone, sdk)).map((text) => text.text)).toEqual([AUTOREPLY]);

    // Back in office (hours covering all of today): a new patient's chat gets no reply.
    await sdk.api.users.updateOne(staff.user.id, { weeklyAvailabilities: [{ dayOfWeekStartingSundayIndexedByZero: new Date().getUTCDay(), startTimeInMinutes: 0, endTimeInMinutes: 1440 }] } as never);
    const { enduser: other, session: otherPatient } = await createEnduserSession(api, sdk, suite.tenant.businessId);
    const otherRoom = await sdk.api.chat_rooms.createOne({ userIds: [staff.user.id], enduserIds: [other.id] });
    await otherPatient.api.chats.createOne({ roomId: otherRoom.id, message: 'Hi' });
    expect((await sdk.api.chats.getSome({ filter: { roomId: otherRoom.id } })).map((chat) => chat.message)).toEqual(['Hi']);
  });
});
