import { randomBytes } from 'node:crypto';
import { EnduserSession, Session } from '@tellescope/sdk';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { createEnduser, createStaff } from '../identity/support';
import { startApiProcess } from '../support/api-process';
import { eventually, itemsOf, openClientSocket, primeUntilHeard, sleep } from './support';

const idOf = (item: unknown) => (item as { id?: string }).id;

describe('realtime across two api processes sharing Redis', () => {
  const jwtSecret = randomBytes(32).toString('hex');
  let here: RunningApi;
  let there: Awaited<ReturnType<typeof startApiProcess>>;
  let tenant: Tenant;
  const sockets: { disconnect(): unknown }[] = [];

  beforeAll(async () => {
    // The other process checks sessions only hourly: a socket it closes sooner was closed by the revocation itself.
    [here, there] = await Promise.all([startApi({ env: { JWT_SECRET: jwtSecret } }), startApiProcess({ jwtSecret, env: { REALTIME_REVALIDATE_SECONDS: '3600' } })]);
    tenant = await createTenant(here.dataSource);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([here?.stop(), there?.stop()]);
  });

  test('a chat created through one process reaches, within a second, subscribers of the other; a non-member and another organization hear nothing', async () => {
    const admin = await adminSession(here.host, tenant);
    // Another organization's Admin, who may read every chat of its own organization, on the other process.
    const otherTenant = await createTenant(here.dataSource);
    const otherAdmin = await adminSession(here.host, otherTenant);
    const otherAdminThere = new Session({ host: there.host, businessId: otherTenant.businessId, authToken: otherAdmin.authToken });
    const outsider = await openClientSocket(otherAdminThere);
    sockets.push(outsider.socket);
    const member = await createEnduser(here.host, admin, tenant);
    const stranger = await createEnduser(here.host, admin, tenant);
    const room = await admin.api.chat_rooms.createOne({ enduserIds: [member.enduser.id] });

    // The same sessions, connected to the other process.
    const memberThere = new EnduserSession({ host: there.host, businessId: tenant.businessId, authToken: member.session.authToken });
    const strangerThere = new EnduserSession({ host: there.host, businessId: tenant.businessId, authToken: stranger.session.authToken });
    const adminThere = new Session({ host: there.host, businessId: tenant.businessId, authToken: admin.authToken });
    const [memberSocket, strangerSocket] = await Promise.all([openClientSocket(memberThere), openClientSocket(strangerThere)]);
    sockets.push(memberSocket.socket, strangerSocket.socket);
    const adminHere = await openClientSocket(admin);
    sockets.push(adminHere.socket);

    // graphql-ws on the other process too.
    const graphqlItems: unknown[] = [];
    const client = createClient({ url: `${there.host.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { token: member.session.authToken }, retryAttempts: 0 });
    client.subscribe<{ created: unknown[] }>({ query: 'subscription { created(model: "chats") }' }, { next: (result) => void graphqlItems.push(...(result.data?.created ?? [])), error: () => {}, complete: () => {} });
    // The subscription is registered once a first event arrives; prime it with chats until one is heard.
    await primeUntilHeard((attempt) => admin.api.chats.createOne({ roomId: room.id, message: `primer ${attempt}` }), () => graphqlItems.length > 0, 'the graphql subscription');

    // Within a second of the commit (the create call's answer), on a machine shared with other suites.
    const chat = await admin.api.chats.createOne({ roomId: room.id, message: 'Across processes' });
    const committedAt = Date.now();
    await eventually(() => itemsOf(memberSocket.received, 'created-chats').some((item) => idOf(item) === chat.id), 1_000, 'the socket.io event on the other process');
    await eventually(() => graphqlItems.some((item) => idOf(item) === chat.id), 1_000 - (Date.now() - committedAt), 'the graphql event on the other process');

    // And the other way: written through the child process, heard by a socket of this one.
    const reply = await memberThere.api.chats.createOne({ roomId: room.id, message: 'Reply through the other process' });
    await eventually(() => itemsOf(adminHere.received, 'created-chats').some((item) => idOf(item) === reply.id), 1_000, 'the reply on this process');
    await adminThere.api.chats.deleteOne(reply.id);
    await eventually(() => itemsOf(memberSocket.received, 'deleted-chats').includes(reply.id), 1_000, 'the deletion on the other process');

    await sleep(300);
    for (const event of ['created-chats', 'deleted-chats', 'created-chat_rooms']) expect(itemsOf(strangerSocket.received, event)).toEqual([]);
    for (const event of ['created-chats', 'deleted-chats', 'created-chat_rooms', 'created-endusers']) expect(itemsOf(outsider.received, event)).toEqual([]);
    // The outsider's socket works: a chat of its own organization reaches it.
    const ownRoom = await otherAdmin.api.chat_rooms.createOne({ title: 'Own organization' });
    const own = await otherAdmin.api.chats.createOne({ roomId: ownRoom.id, message: 'Inside the other organization' });
    await eventually(() => itemsOf(outsider.received, 'created-chats').some((item) => idOf(item) === own.id), 2_000, "the other organization's own chat");
    // Each change was delivered once per socket, though both processes heard it.
    expect(itemsOf(memberSocket.received, 'created-chats').filter((item) => idOf(item) === chat.id)).toHaveLength(1);
    await client.dispose();
  });

  test("logout, a password change and a role change made through one process close that account's sockets on the other at once, and its token fails there on the next request", async () => {
    const admin = await adminSession(here.host, tenant);
    const staff = await createStaff(here, admin);
    const patient = await createEnduser(here.host, admin, tenant);
    const other = await createEnduser(here.host, admin, tenant);
    const staffThere = new Session({ host: there.host, businessId: tenant.businessId, authToken: staff.session.authToken });
    const patientThere = new EnduserSession({ host: there.host, businessId: tenant.businessId, authToken: patient.session.authToken });
    const otherThere = new EnduserSession({ host: there.host, businessId: tenant.businessId, authToken: other.session.authToken });
    // Each token works on the other process first (so whatever it keeps of the accounts is warm).
    await staffThere.api.endusers.getSome();
    await patientThere.api.endusers.current_session_info();
    await otherThere.api.endusers.current_session_info();

    const reasons = new Map<unknown, string[]>();
    const [staffSocket, otherSocket] = await Promise.all([openClientSocket(staffThere), openClientSocket(otherThere)]);
    sockets.push(staffSocket.socket, otherSocket.socket);
    for (const { socket } of [staffSocket, otherSocket]) {
      reasons.set(socket, []);
      (socket as unknown as { on(event: string, listener: (reason: string) => void): void }).on('disconnect-reason', (reason) => reasons.get(socket)!.push(reason));
    }
    const closes: { code: number; reason: string }[] = [];
    const graphqlItems: unknown[] = [];
    const client = createClient({
      url: `${there.host.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { token: patient.session.authToken },
      retryAttempts: 0,
      on: { closed: (event) => void closes.push({ code: (event as { code: number }).code, reason: (event as { reason: string }).reason }) },
    });
    client.subscribe<{ updated: unknown[] }>({ query: 'subscription { updated(model: "endusers") }' }, { next: (result) => void graphqlItems.push(...(result.data?.updated ?? [])), error: () => {}, complete: () => {} });
    // The subscription is live once it hears something: updates of the patient's own record, until one arrives.
    await primeUntilHeard((attempt) => admin.api.endusers.updateOne(patient.enduser.id, { fname: `Primed ${attempt}` }), () => graphqlItems.length > 0 || closes.length > 0, 'the graphql subscription');
    // That update changed the account itself, but not its token: the socket stays open.
    await staffThere.api.endusers.getSome();
    expect(closes).toEqual([]);

    await patient.session.logout();
    await eventually(() => closes.length > 0, 5_000, 'the logged-out socket to close');
    expect(closes[0]).toEqual({ code: 4401, reason: 'Unauthenticated' });
    await expect(patientThere.api.endusers.current_session_info()).rejects.toBe('Unauthenticated');

    await admin.api.endusers.set_password({ id: other.enduser.id, password: 'New-password-2' });
    await eventually(() => reasons.get(otherSocket.socket)!.length > 0, 5_000, 'the socket of the changed password to close');
    expect(reasons.get(otherSocket.socket)).toEqual(['Unauthenticated']);
    await expect(otherThere.api.endusers.current_session_info()).rejects.toBe('Unauthenticated');

    await admin.api.users.updateOne(staff.user.id, { roles: ['Admin'] });
    await eventually(() => reasons.get(staffSocket.socket)!.length > 0, 5_000, 'the socket of the changed roles to close');
    expect(reasons.get(staffSocket.socket)).toEqual(['Unauthenticated']);
    await expect(staffThere.api.endusers.getSome()).rejects.toBe('Unauthenticated');
    await client.dispose();
  });
});
