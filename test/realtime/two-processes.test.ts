import { randomBytes } from 'node:crypto';
import { EnduserSession, Session } from '@tellescope/sdk';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { createEnduser } from '../identity/support';
import { startApiProcess } from '../support/api-process';
import { eventually, itemsOf, openClientSocket, sleep } from './support';

const idOf = (item: unknown) => (item as { id?: string }).id;

describe('realtime across two api processes sharing Redis', () => {
  const jwtSecret = randomBytes(32).toString('hex');
  let here: RunningApi;
  let there: Awaited<ReturnType<typeof startApiProcess>>;
  let tenant: Tenant;
  const sockets: { disconnect(): unknown }[] = [];

  beforeAll(async () => {
    [here, there] = await Promise.all([startApi({ env: { JWT_SECRET: jwtSecret } }), startApiProcess({ jwtSecret })]);
    tenant = await createTenant(here.dataSource);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([here?.stop(), there?.stop()]);
  });

  test('a chat created through one process reaches, within a second, subscribers of the other; a non-member hears nothing', async () => {
    const admin = await adminSession(here.host, tenant);
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
    // The subscription is registered once a first event arrives; prime it with one chat.
    const primer = await admin.api.chats.createOne({ roomId: room.id, message: 'primer' });
    await eventually(() => graphqlItems.some((item) => idOf(item) === primer.id), 5_000, 'the graphql subscription to be live');

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
    // Each change was delivered once per socket, though both processes heard it.
    expect(itemsOf(memberSocket.received, 'created-chats').filter((item) => idOf(item) === chat.id)).toHaveLength(1);
    await client.dispose();
  });
});
