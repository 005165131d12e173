import { Session } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { createEnduser, createStaff } from '../identity/support';
import { eventually, itemsOf, openClientSocket, sleep } from './support';

const idOf = (item: unknown) => (item as { id?: string }).id;

describe("realtime: the reference client's socket.io events", () => {
  let api: RunningApi;
  let tenant: Tenant;
  let otherTenant: Tenant;
  const sockets: { disconnect(): unknown }[] = [];

  beforeAll(async () => {
    api = await startApi();
    [tenant, otherTenant] = await Promise.all([createTenant(api.dataSource), createTenant(api.dataSource)]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await api.stop();
  });

  const open = async (...args: Parameters<typeof openClientSocket>) => {
    const opened = await openClientSocket(...args);
    sockets.push(opened.socket);
    return opened;
  };

  test('created-, updated- and deleted-chats reach the room\'s members only, never another enduser or organization', async () => {
    const admin = await adminSession(api.host, tenant);
    const member = await createEnduser(api.host, admin, tenant);
    const stranger = await createEnduser(api.host, admin, tenant);
    const otherAdmin = await adminSession(api.host, otherTenant);

    const [adminSocket, memberSocket, strangerSocket, otherSocket] = await Promise.all([
      open(admin),
      open(member.session),
      open(stranger.session),
      open(otherAdmin),
    ]);

    const room = await admin.api.chat_rooms.createOne({ enduserIds: [member.enduser.id] });
    const chat = await admin.api.chats.createOne({ roomId: room.id, message: 'Hello from the clinic' });
    await eventually(() => itemsOf(memberSocket.received, 'created-chats').some((item) => idOf(item) === chat.id), 2_000, 'the member\'s created-chats');
    await eventually(() => itemsOf(adminSocket.received, 'created-chats').some((item) => idOf(item) === chat.id), 2_000, 'the admin\'s created-chats');
    // The record is the one getOne answers: same fields, id not _id.
    expect(itemsOf(memberSocket.received, 'created-chats').find((item) => idOf(item) === chat.id)).toEqual(await member.session.api.chats.getOne(chat.id));
    expect(itemsOf(memberSocket.received, 'created-chat_rooms').map(idOf)).toContain(room.id);
    // The room's preview and the member's unread count follow the chat (the portal's badges).
    await eventually(() => itemsOf(memberSocket.received, 'updated-chat_rooms').some((item) => idOf(item) === room.id), 2_000, 'the room update');
    const updatedRoom = itemsOf(memberSocket.received, 'updated-chat_rooms').find((item) => idOf(item) === room.id) as Record<string, any>;
    expect(updatedRoom).toMatchObject({ recentMessage: 'Hello from the clinic', infoForUser: { [member.enduser.id]: { unreadCount: 1 } } });

    const reply = await member.session.api.chats.createOne({ roomId: room.id, message: 'Thanks!' });
    await eventually(() => itemsOf(adminSocket.received, 'created-chats').some((item) => idOf(item) === reply.id), 2_000, 'the enduser\'s reply');

    await admin.api.chats.updateOne(chat.id, { message: 'Hello again' });
    await eventually(() => itemsOf(memberSocket.received, 'updated-chats').some((item) => (item as { message?: string }).message === 'Hello again'));
    await admin.api.chats.deleteOne(chat.id);
    await eventually(() => itemsOf(memberSocket.received, 'deleted-chats').includes(chat.id), 2_000, 'deleted-chats');
    expect(itemsOf(adminSocket.received, 'deleted-chats')).toEqual([chat.id]);

    // Give stray deliveries time to arrive before asserting their absence.
    await api.realtime.hub.idle();
    await sleep(300);
    for (const event of ['created-chats', 'updated-chats', 'deleted-chats', 'created-chat_rooms', 'updated-chat_rooms']) {
      expect(itemsOf(strangerSocket.received, event)).toEqual([]);
      expect(itemsOf(otherSocket.received, event)).toEqual([]);
    }
    // An enduser hears only of its own profile among endusers.
    expect(itemsOf(strangerSocket.received, 'created-endusers')).toEqual([]);
  });

  test('among many connected endusers (one access query for all of them), exactly the room\'s members receive its chats', async () => {
    const admin = await adminSession(api.host, tenant);
    const patients = await Promise.all(Array.from({ length: 8 }, () => createEnduser(api.host, admin, tenant)));
    const sockets = await Promise.all(patients.map((patient) => open(patient.session)));
    const members = [0, 3, 5];
    const room = await admin.api.chat_rooms.createOne({ enduserIds: members.map((i) => patients[i].enduser.id) });
    const chat = await admin.api.chats.createOne({ roomId: room.id, message: 'To three of eight' });
    // A creation is delivered if the record can still be read when it is decided: wait before deleting it.
    for (const i of members) await eventually(() => itemsOf(sockets[i].received, 'created-chats').map(idOf).includes(chat.id), 2_000, `member ${i}'s chat`);
    await admin.api.chats.deleteOne(chat.id);
    for (const i of members) await eventually(() => itemsOf(sockets[i].received, 'deleted-chats').includes(chat.id), 2_000, `member ${i}'s deletion`);
    await api.realtime.hub.idle();
    sockets.forEach(({ received }, i) => {
      const expected = members.includes(i) ? [chat.id] : [];
      expect(itemsOf(received, 'created-chats').map(idOf)).toEqual(expected);
      expect(itemsOf(received, 'deleted-chats')).toEqual(expected);
    });
  });

  test("a room's update reaches each enduser member as its own getOne answers it (its own unread count only), staff with every member's", async () => {
    const admin = await adminSession(api.host, tenant);
    const [first, second] = await Promise.all([createEnduser(api.host, admin, tenant), createEnduser(api.host, admin, tenant)]);
    const [adminSocket, firstSocket, secondSocket] = await Promise.all([open(admin), open(first.session), open(second.session)]);
    const room = await admin.api.chat_rooms.createOne({ enduserIds: [first.enduser.id, second.enduser.id] });
    // Each enduser's unread count is its own: the first has read the room, the second has not.
    await admin.api.chats.createOne({ roomId: room.id, message: 'One' });
    await first.session.api.chat_rooms.mark_read({ id: room.id });
    const chat = await admin.api.chats.createOne({ roomId: room.id, message: 'Two' });
    const roomUpdate = (received: typeof firstSocket.received) =>
      itemsOf(received, 'updated-chat_rooms').filter((item) => idOf(item) === room.id && (item as { recentMessage?: string }).recentMessage === 'Two') as Record<string, any>[];
    for (const [socket, who] of [[firstSocket, 'first'], [secondSocket, 'second'], [adminSocket, 'admin']] as const) {
      await eventually(() => roomUpdate(socket.received).length > 0, 2_000, `the ${who}'s room update after chat ${chat.id}`);
    }
    await api.realtime.hub.idle();
    const [firstView, secondView, adminView] = await Promise.all([
      first.session.api.chat_rooms.getOne(room.id),
      second.session.api.chat_rooms.getOne(room.id),
      admin.api.chat_rooms.getOne(room.id),
    ]);
    expect(Object.keys((firstView as any).infoForUser ?? {})).toEqual([first.enduser.id]);
    expect(Object.keys((secondView as any).infoForUser ?? {})).toEqual([second.enduser.id]);
    // What the socket delivered is exactly what getOne answers that reader, nothing more.
    expect(roomUpdate(firstSocket.received).at(-1)).toEqual(firstView);
    expect(roomUpdate(secondSocket.received).at(-1)).toEqual(secondView);
    expect(roomUpdate(adminSocket.received).at(-1)).toEqual(adminView);
    expect(Object.keys(roomUpdate(adminSocket.received).at(-1)!.infoForUser)).toEqual(expect.arrayContaining([first.enduser.id, second.enduser.id]));
    for (const socket of [firstSocket, secondSocket]) {
      const own = socket === firstSocket ? first.enduser.id : second.enduser.id;
      for (const event of ['created-chat_rooms', 'updated-chat_rooms']) {
        for (const item of itemsOf(socket.received, event) as Record<string, any>[]) expect(Object.keys(item.infoForUser ?? {}).filter((key) => key !== own)).toEqual([]);
      }
    }
  });

  test("staff whose role reads chats and endusers at 'Assigned' receive only their rooms' chats and their endusers", async () => {
    const admin = await adminSession(api.host, tenant);
    const assignedLevel = { create: 'All', read: 'Assigned', update: 'Assigned', delete: 'Assigned' };
    const role = `coordinator-${Date.now()}`;
    await admin.api.role_based_access_permissions.createOne({ role, permissions: { chat_rooms: assignedLevel, chats: assignedLevel, endusers: assignedLevel } } as never);
    const staff = await createStaff(api, admin, { roles: [role] });
    const [staffSocket, adminSocket] = await Promise.all([open(staff.session), open(admin)]);

    const adminOnly = await admin.api.chat_rooms.createOne({ type: 'internal', userIds: [admin.userInfo.id] } as never);
    const shared = await admin.api.chat_rooms.createOne({ type: 'internal', userIds: [admin.userInfo.id, staff.user.id] } as never);
    const hidden = await admin.api.chats.createOne({ roomId: adminOnly.id, message: 'admins only' });
    const visible = await admin.api.chats.createOne({ roomId: shared.id, message: 'for both' });
    const assigned = await admin.api.endusers.createOne({ email: `assigned-${Date.now()}@example.com`, assignedTo: [staff.user.id] } as never);
    const unassigned = await admin.api.endusers.createOne({ email: `unassigned-${Date.now()}@example.com` } as never);

    await eventually(() => itemsOf(staffSocket.received, 'created-chats').some((item) => idOf(item) === visible.id), 2_000, 'the shared room\'s chat');
    await eventually(() => itemsOf(staffSocket.received, 'created-endusers').some((item) => idOf(item) === assigned.id), 2_000, 'the assigned enduser');
    await eventually(() => itemsOf(adminSocket.received, 'created-endusers').some((item) => idOf(item) === unassigned.id));
    await api.realtime.hub.idle();
    expect(itemsOf(staffSocket.received, 'created-chat_rooms').map(idOf)).toEqual([shared.id]);
    expect(itemsOf(staffSocket.received, 'created-chats').map(idOf)).toEqual([visible.id]);
    expect(itemsOf(staffSocket.received, 'created-endusers').map(idOf)).toEqual([assigned.id]);
    expect(itemsOf(adminSocket.received, 'created-chats').map(idOf)).toEqual(expect.arrayContaining([hidden.id, visible.id]));
    // The same answer getOne gives them.
    await expect(staff.session.api.chats.getOne(hidden.id)).rejects.toBeDefined();
  });

  test('sub-organizations: root and the writing sub receive its endusers, and neither a sibling nor a child, as getOne answers them', async () => {
    const admin = await adminSession(api.host, tenant);
    const createSub = async (session: typeof admin, name: string) =>
      ((await session.api.organizations.create_suborganization({ name, subdomain: `${name.toLowerCase()}-${Date.now()}` })) as unknown as { created: { id: string } }).created;
    /** Staff placed in an organization (the fixture writes organizationIds, as the sub-organization suite does), signed in again. */
    const memberOf = async (path: string[]) => {
      const staff = await createStaff(api, admin, { roles: ['Admin'] });
      await api.dataSource.getRepository('users').update({ _id: staff.user.id }, { organizationIds: path });
      const session = new Session({ host: api.host });
      await session.authenticate(staff.email, staff.password);
      return session;
    };
    const north = await createSub(admin, 'North');
    const south = await createSub(admin, 'South');
    const northStaff = await memberOf([north.id]);
    const southStaff = await memberOf([south.id]);
    const northEast = await createSub(northStaff, 'NorthEast');
    const northEastStaff = await memberOf([north.id, northEast.id]);
    const [rootSocket, northSocket, southSocket, northEastSocket] = await Promise.all([open(admin), open(northStaff), open(southStaff), open(northEastStaff)]);

    const patient = await northStaff.api.endusers.createOne({ fname: 'North patient' });
    const rootOnly = await admin.api.endusers.createOne({ fname: 'Root only' });
    await eventually(() => itemsOf(rootSocket.received, 'created-endusers').some((item) => idOf(item) === rootOnly.id), 2_000, "root's endusers");
    await eventually(() => itemsOf(northSocket.received, 'created-endusers').some((item) => idOf(item) === patient.id), 2_000, "North's enduser");
    await api.realtime.hub.idle();
    expect(itemsOf(rootSocket.received, 'created-endusers').map(idOf)).toEqual(expect.arrayContaining([patient.id, rootOnly.id]));
    expect(itemsOf(northSocket.received, 'created-endusers').map(idOf)).toEqual([patient.id]);
    for (const socket of [southSocket, northEastSocket]) {
      expect(itemsOf(socket.received, 'created-endusers')).toEqual([]);
    }
  });

  test("a change that ends an account's sessions (roles changed, enduser deleted) disconnects its sockets at once", async () => {
    const admin = await adminSession(api.host, tenant);
    const staff = await createStaff(api, admin);
    const patient = await createEnduser(api.host, admin, tenant);
    const [staffSocket, patientSocket] = await Promise.all([open(staff.session), open(patient.session)]);
    const reasons = new Map<unknown, string[]>();
    for (const { socket } of [staffSocket, patientSocket]) {
      reasons.set(socket, []);
      (socket as unknown as { on(event: string, listener: (reason: string) => void): void }).on('disconnect-reason', (reason) => reasons.get(socket)!.push(reason));
    }
    const started = Date.now();
    await admin.api.users.updateOne(staff.user.id, { roles: ['Admin'] });
    await admin.api.endusers.deleteOne(patient.enduser.id);
    // Well before the periodic check (30 s in this suite).
    await eventually(() => reasons.get(staffSocket.socket)!.length > 0 && reasons.get(patientSocket.socket)!.length > 0, 5_000, 'both sockets to be closed');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(reasons.get(staffSocket.socket)).toEqual(['Unauthenticated']);
    expect(reasons.get(patientSocket.socket)).toEqual(['Unauthenticated']);
  });

  test('a socket without a valid token is refused', async () => {
    const { io } = await import('socket.io-client');
    const socket = io(api.host, { auth: { token: 'not.a.token' }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('Unauthenticated');
  });
});
