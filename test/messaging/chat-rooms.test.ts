import type { Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { createEnduserSession, createStaffSession, startMessagingApi, type MessagingApi } from './support';

const NOT_FOUND = 'Could not find a record for the given id';

describe('chat rooms and chats: recent message, per-member unread counts, joining, reading, display info', () => {
  let api: MessagingApi;
  let tenant: Tenant;
  let sdk: Session;

  beforeAll(async () => {
    api = await startMessagingApi();
    tenant = await createTenant(api.dataSource);
    sdk = await adminSession(api.host, tenant);
  });
  afterAll(() => api.stop());

  test('each chat updates the room: numMessages, recentMessage, recentSender, recentMessageSentAt, and everyone else’s unread count', async () => {
    const patient = await createEnduserSession(api, sdk, tenant.businessId);
    const room = await sdk.api.chat_rooms.createOne({ type: 'external', userIds: [sdk.userInfo.id], enduserIds: [patient.enduser.id] });
    expect(room).toMatchObject({ numMessages: 0, recentMessage: '' });

    const before = Date.now();
    await sdk.api.chats.createOne({ roomId: room.id, message: 'How are you feeling today?' });
    let stored = await sdk.api.chat_rooms.getOne(room.id);
    expect(stored).toMatchObject({
      numMessages: 1,
      recentMessage: 'How are you feeling today?',
      recentSender: sdk.userInfo.id,
      infoForUser: { [sdk.userInfo.id]: { unreadCount: 0 }, [patient.enduser.id]: { unreadCount: 1 } },
    });
    expect(stored.recentMessageSentAt).toBeGreaterThanOrEqual(before);

    await sdk.api.chats.createOne({ roomId: room.id, message: 'Reply when you can.' });
    await patient.session.api.chats.createOne({ roomId: room.id, message: 'Much better, thanks!' });
    stored = await sdk.api.chat_rooms.getOne(room.id);
    expect(stored).toMatchObject({
      numMessages: 3,
      recentMessage: 'Much better, thanks!',
      recentSender: patient.enduser.id,
      infoForUser: { [sdk.userInfo.id]: { unreadCount: 1 }, [patient.enduser.id]: { unreadCount: 0 } },
    });

    // Marking read resets only the caller's own count.
    const { updated } = await sdk.api.chat_rooms.mark_read({ id: room.id });
    expect(updated.infoForUser).toMatchObject({ [sdk.userInfo.id]: { unreadCount: 0 }, [patient.enduser.id]: { unreadCount: 0 } });
    await sdk.api.chats.createOne({ roomId: room.id, message: 'Great to hear.' });
    const read = await patient.session.api.chat_rooms.mark_read({ id: room.id });
    expect(read.updated.infoForUser).toMatchObject({ [patient.enduser.id]: { unreadCount: 0 } });
    // Marking read again changes nothing (no write, no announcement), and answers the room as it is.
    const again = await patient.session.api.chat_rooms.mark_read({ id: room.id });
    expect(again.updated).toMatchObject({ id: room.id, updatedAt: read.updated.updatedAt, infoForUser: { [patient.enduser.id]: { unreadCount: 0 } } });
  });

  test('a reply whose chat was deleted reads replyId null, by id and in lists (clients test it with === null)', async () => {
    const room = await sdk.api.chat_rooms.createOne({ userIds: [sdk.userInfo.id] });
    const first = await sdk.api.chats.createOne({ roomId: room.id, message: 'First' });
    const reply = await sdk.api.chats.createOne({ roomId: room.id, message: 'Reply', replyId: first.id });
    expect((await sdk.api.chats.getOne(reply.id)).replyId).toBe(first.id);

    await sdk.api.chats.deleteOne(first.id);
    expect((await sdk.api.chats.getOne(reply.id)).replyId).toBeNull();
    const listed = await sdk.api.chats.getSome({ filter: { roomId: room.id } });
    expect(listed.map((chat) => [chat.message, chat.replyId])).toEqual([['Reply', null]]);
  });

  test('chat-room-display-info answers each member’s names for staff and enduser members; others get 404', async () => {
    const patient = await createEnduserSession(api, sdk, tenant.businessId, { fname: 'Dana', lname: 'Doe' });
    const room = await sdk.api.chat_rooms.createOne({ userIds: [sdk.userInfo.id], enduserIds: [patient.enduser.id] });
    for (const session of [sdk, patient.session]) {
      const info = await session.api.chat_rooms.display_info({ id: room.id });
      expect(info.id).toBe(room.id);
      expect(Object.keys(info.display_info).sort()).toEqual([sdk.userInfo.id, patient.enduser.id].sort());
      expect(info.display_info[patient.enduser.id]).toMatchObject({ id: patient.enduser.id, fname: 'Dana', lname: 'Doe' });
      expect(info.display_info[sdk.userInfo.id]).toMatchObject({ id: sdk.userInfo.id });
      expect(info.display_info[patient.enduser.id].createdAt).toBeDefined();
    }
    expect((await patient.session.api.chat_rooms.display_info({ id: room.id })).display_info[sdk.userInfo.id].email).toBeUndefined();

    const outsider = await createEnduserSession(api, sdk, tenant.businessId);
    const staff = await createStaffSession(api, sdk);
    for (const session of [outsider.session, staff.session]) {
      await expect(session.api.chat_rooms.display_info({ id: room.id })).rejects.toMatchObject({ message: NOT_FOUND });
      await expect(session.api.chat_rooms.mark_read({ id: room.id })).rejects.toMatchObject({ message: NOT_FOUND });
    }
  });

  test('join-chat-room: a staff member takes a room without team members; a room with a team is refused unless Admin', async () => {
    const staff = await createStaffSession(api, sdk);
    const waiting = await sdk.api.chat_rooms.createOne({});
    const { room } = await staff.session.api.chat_rooms.join_room({ id: waiting.id });
    expect(room).toMatchObject({ id: waiting.id, userIds: [staff.user.id] });
    await expect(staff.session.api.chat_rooms.display_info({ id: waiting.id })).resolves.toMatchObject({ id: waiting.id });
    await staff.session.api.chats.createOne({ roomId: waiting.id, message: 'Hi, I can help.' });

    const other = await createStaffSession(api, sdk);
    await expect(other.session.api.chat_rooms.join_room({ id: waiting.id })).rejects.toMatchObject({
      message: 'This room already has team members: ask one of them or an Admin to add you',
    });
    await expect(sdk.api.chat_rooms.join_room({ id: waiting.id })).resolves.toMatchObject({ room: { userIds: [staff.user.id, sdk.userInfo.id] } });
    await expect(sdk.api.chat_rooms.join_room({ id: '0123456789abcdef01234567' })).rejects.toMatchObject({ message: NOT_FOUND });
  });

  test('endusers start rooms only when the organization allows enduser-initiated chat, and only for themselves', async () => {
    const patient = await createEnduserSession(api, sdk, tenant.businessId);
    await expect(patient.session.api.chat_rooms.createOne({ title: 'Question' })).rejects.toMatchObject({
      message: 'This organization does not allow endusers to start chats',
    });
    // The client's PortalSettings shape is validated: the old flat key and wrong types are refused.
    await expect(sdk.api.organizations.updateOne(tenant.businessId, { portalSettings: { allowEnduserInitiatedChat: true } } as never)).rejects.toMatchObject({
      message: 'Error parsing field portalSettings: Got unexpected field(s) [allowEnduserInitiatedChat]',
    });
    await expect(sdk.api.organizations.updateOne(tenant.businessId, { portalSettings: { communication: { allowEnduserInitiatedChat: 'yes' } } } as never)).rejects.toMatchObject({
      message: expect.stringMatching(/^Error parsing field portalSettings: /),
    });
    await sdk.api.organizations.updateOne(tenant.businessId, { portalSettings: { communication: { allowEnduserInitiatedChat: true } } });
    const other = await sdk.api.endusers.createOne({ fname: 'Other' });
    const room = await patient.session.api.chat_rooms.createOne({ title: 'Question', userIds: [sdk.userInfo.id], enduserIds: [other.id] });
    expect(room).toMatchObject({ title: 'Question', enduserIds: [patient.enduser.id], userIds: [sdk.userInfo.id] });
    await patient.session.api.chats.createOne({ roomId: room.id, message: 'Can I move my visit?' });
    await expect(sdk.api.chat_rooms.getOne(room.id)).resolves.toMatchObject({ infoForUser: { [sdk.userInfo.id]: { unreadCount: 1 } } });

    // A room the enduser is not a member of takes no chats from them.
    const staffRoom = await sdk.api.chat_rooms.createOne({ userIds: [sdk.userInfo.id] });
    await expect(patient.session.api.chats.createOne({ roomId: staffRoom.id, message: 'Let me in' })).rejects.toMatchObject({
      message: 'You do not have access to this resource',
    });
  });
});
