import type { Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { createEnduserSession, createStaffSession, startMessagingApi, type MessagingApi } from './support';

const NOT_FOUND = 'Could not find a record for the given id';

/**
 * Who reads a room and what they see of it (issue 12, the reference client's chat_room_tests): staff
 * without a role see rooms they belong to, a member's own unread entry is theirs to reset, an enduser
 * sees only their own entry, and bulk_load lists rooms as getSome does.
 */
describe('chat rooms: readers, unread entries and bulk_load', () => {
  let api: MessagingApi;
  let tenant: Tenant;
  let sdk: Session;

  beforeAll(async () => {
    api = await startMessagingApi();
    tenant = await createTenant(api.dataSource);
    sdk = await adminSession(api.host, tenant);
  });
  afterAll(() => api.stop());

  test('a non-admin outside a room reads neither it nor its chats until they join', async () => {
    const staff = await createStaffSession(api, sdk);
    const room = await sdk.api.chat_rooms.createOne({ type: 'internal', userIds: [sdk.userInfo.id] });
    await sdk.api.chats.createOne({ roomId: room.id, message: 'Admins only for now' });

    await expect(staff.session.api.chat_rooms.getOne(room.id)).rejects.toMatchObject({ message: NOT_FOUND });
    await expect(staff.session.api.chats.getSome({ filter: { roomId: room.id } })).rejects.toMatchObject({ message: 'You do not have permission to access this resource' });
    // Seeing no room at all, a list of chats naming none is refused too (the reference client's role_based_access_tests).
    await expect(staff.session.api.chats.getSome()).rejects.toMatchObject({ message: 'You do not have permission to access this resource' });
    expect((await staff.session.api.chat_rooms.getSome()).map((r) => r.id)).not.toContain(room.id);

    await sdk.api.chat_rooms.updateOne(room.id, { userIds: [staff.user.id] });
    await expect(staff.session.api.chat_rooms.getOne(room.id)).resolves.toMatchObject({ id: room.id });
    expect(await staff.session.api.chats.getSome({ filter: { roomId: room.id } })).toHaveLength(1);
    expect((await staff.session.api.chats.getSome()).map((c) => c.roomId)).toEqual([room.id]);
  });

  test("a member resets their own unread count, not another member's; an enduser sees only their own entry", async () => {
    const patient = await createEnduserSession(api, sdk, tenant.businessId);
    const room = await sdk.api.chat_rooms.createOne({ type: 'external', userIds: [sdk.userInfo.id], enduserIds: [patient.enduser.id] });
    await patient.session.api.chats.createOne({ roomId: room.id, message: 'Hello' });
    await sdk.api.chats.createOne({ roomId: room.id, message: 'Hi Pat' });
    await patient.session.api.chats.createOne({ roomId: room.id, message: 'Question' });

    expect((await sdk.api.chat_rooms.getOne(room.id)).infoForUser).toMatchObject({ [sdk.userInfo.id]: { unreadCount: 1 }, [patient.enduser.id]: { unreadCount: 0 } });
    const updated = await sdk.api.chat_rooms.updateOne(room.id, { infoForUser: { [sdk.userInfo.id]: { unreadCount: 0 } } });
    expect(updated.infoForUser?.[sdk.userInfo.id]).toMatchObject({ unreadCount: 0 });
    await expect(sdk.api.chat_rooms.updateOne(room.id, { infoForUser: { [patient.enduser.id]: { unreadCount: 5 } } })).rejects.toMatchObject({
      message: 'infoForUser: only your own entry may be changed',
    });

    const seenByPatient = await patient.session.api.chat_rooms.getOne(room.id);
    expect(Object.keys(seenByPatient.infoForUser ?? {})).toEqual([patient.enduser.id]);
    const listed = await patient.session.api.chat_rooms.getSome();
    expect(listed.map((r) => Object.keys(r.infoForUser ?? {}))).toEqual([[patient.enduser.id]]);
  });

  test('bulk_load answers each list as getSome would, and null for a model that is not a resource', async () => {
    const room = await sdk.api.chat_rooms.createOne({ title: 'Bulk', userIds: [sdk.userInfo.id] });
    const { results } = await sdk.bulk_load({ load: [{ model: 'chat_rooms' }, { model: 'not_a_model' as never }, { model: 'chat_rooms', options: { filter: { title: 'Nothing' } } }] });
    expect(results[0]?.records.map((r) => r.id)).toContain(room.id);
    expect(results[1]).toBeNull();
    expect(results[2]?.records).toEqual([]);
  });
});
