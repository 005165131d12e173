import type { Session } from '@tellescope/sdk';
import type { Tenant } from '../support/tenant';
import type { SmtpCapture } from '../support/smtp-server';
import { createStaffSession, mailbox, uniqueEmail, uniquePhone, type MessagingApi, useMailingSuite } from './support';

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
