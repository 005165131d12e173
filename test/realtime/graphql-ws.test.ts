import type { Client } from 'graphql-ws';
import WebSocket from 'ws';
import { issueEnduserToken } from '@carelane/api/auth/tokens';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { createEnduser } from '../identity/support';
import { connectGraphqlWs as connect, connectionCount, eventually, sleep, subscribeGraphqlWs as subscribe } from './support';

const idOf = (item: unknown) => (item as { id?: string }).id;

describe('realtime: graphql-ws subscriptions on /graphql', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let otherTenant: Tenant;
  const clients: Client[] = [];

  beforeAll(async () => {
    api = await startApi({ env: { REALTIME_REVALIDATE_SECONDS: '1' } });
    [tenant, otherTenant] = await Promise.all([createTenant(api.dataSource), createTenant(api.dataSource)]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await api.stop();
  });

  const open = (token: string) => {
    const connection = connect(api, token);
    clients.push(connection.client);
    return connection;
  };

  test('created, updated and deleted chats reach room members; not another enduser or organization; ids filter', async () => {
    const admin = await adminSession(api.host, tenant);
    const member = await createEnduser(api.host, admin, tenant);
    const stranger = await createEnduser(api.host, admin, tenant);
    const otherAdmin = await adminSession(api.host, otherTenant);
    const room = await admin.api.chat_rooms.createOne({ enduserIds: [member.enduser.id] });
    const first = await admin.api.chats.createOne({ roomId: room.id, message: 'first' });

    const adminWs = open(admin.authToken);
    const memberWs = open(member.session.authToken);
    const strangerWs = open(stranger.session.authToken);
    const otherWs = open(otherAdmin.authToken);
    const memberCreated = await subscribe(api, memberWs.client, 'subscription { created(model: "chats") }');
    const memberUpdatedFirst = await subscribe(api, memberWs.client, `subscription { updated(model: "chats", ids: ["${first.id}"]) }`);
    const memberDeleted = await subscribe(api, memberWs.client, 'subscription { deleted(model: "chats") }');
    const adminCreated = await subscribe(api, adminWs.client, 'subscription { created(model: "chats") }');
    const strangerAll = await Promise.all(['created', 'updated', 'deleted'].map((kind) => subscribe(api, strangerWs.client, `subscription { ${kind}(model: "chats") }`)));
    const otherAll = await Promise.all(['created', 'updated', 'deleted'].map((kind) => subscribe(api, otherWs.client, `subscription { ${kind}(model: "chats") }`)));

    const second = await admin.api.chats.createOne({ roomId: room.id, message: 'second' });
    await eventually(() => memberCreated.items.some((item) => idOf(item) === second.id), 2_000, 'the member\'s created chat');
    await eventually(() => adminCreated.items.some((item) => idOf(item) === second.id), 2_000, 'the admin\'s created chat');
    expect(memberCreated.items[0]).toEqual(await member.session.api.chats.getOne(second.id));

    await admin.api.chats.updateOne(second.id, { message: 'second, edited' });
    await admin.api.chats.updateOne(first.id, { message: 'first, edited' });
    await eventually(() => memberUpdatedFirst.items.length > 0, 2_000, 'the filtered update');
    await admin.api.chats.deleteOne(second.id);
    await eventually(() => memberDeleted.items.includes(second.id), 2_000, 'the deletion');

    await api.realtime.hub.idle();
    await sleep(200);
    expect(memberUpdatedFirst.items.map(idOf)).toEqual([first.id]);
    expect((memberUpdatedFirst.items[0] as { message: string }).message).toBe('first, edited');
    expect(memberDeleted.items).toEqual([second.id]);
    for (const subscription of [...strangerAll, ...otherAll]) {
      expect(subscription.items).toEqual([]);
      expect(subscription.errors).toEqual([]);
    }
  });

  test('an unknown model, or one the caller may not read, is refused with a message', async () => {
    const admin = await adminSession(api.host, tenant);
    const member = await createEnduser(api.host, admin, tenant);
    const { client } = open(member.session.authToken);
    const unknown = await subscribe(api, client, 'subscription { created(model: "no_such_things") }');
    expect(unknown.errors).toEqual([expect.objectContaining({ message: 'Unknown model: no_such_things' })]);
    const refused = await subscribe(api, client, 'subscription { created(model: "api_keys") }');
    expect(refused.errors).toEqual([expect.objectContaining({ message: 'You do not have access to this resource' })]);
  });

  test('a missing or forged token closes the socket with 4401 Unauthenticated', async () => {
    const { closes } = open('not.a.token');
    await eventually(() => closes.length > 0, 2_000, 'the close');
    expect(closes[0]).toEqual({ code: 4401, reason: 'Unauthenticated' });
  });

  test('heartbeat: a socket that stops answering pings is cut (within two 12 s intervals)', async () => {
    const admin = await adminSession(api.host, tenant);
    const before = connectionCount(api);
    const ws = new WebSocket(`${api.host.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'connection_init', payload: { token: admin.authToken } }));
    await eventually(() => connectionCount(api) === before + 1, 2_000, 'the connection');
    // Stop reading: the server's pings go unanswered.
    (ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const pausedAt = Date.now();
    await eventually(() => connectionCount(api) === before, 35_000, 'the silent socket to be cut');
    // Two intervals (24 s), with room for a loaded machine's late timers.
    expect(Date.now() - pausedAt).toBeLessThan(30_000);
    (ws as unknown as { _socket: { resume(): void } })._socket.resume();
    // Cut without a close frame.
    await expect(closed).resolves.toBe(1006);
  }, 60_000);

  test('a revoked token (logout) and an expired token close the socket', async () => {
    const admin = await adminSession(api.host, tenant);
    const member = await createEnduser(api.host, admin, tenant);
    const revoked = open(member.session.authToken);
    await subscribe(api, revoked.client, 'subscription { created(model: "chats") }');
    await member.session.logout();
    await eventually(() => revoked.closes.length > 0, 3_000, 'the revoked socket to close');
    expect(revoked.closes[0]).toEqual({ code: 4401, reason: 'Unauthenticated' });

    const row = await api.dataSource.getRepository('endusers').findOneByOrFail({ _id: member.enduser.id });
    const shortLived = issueEnduserToken(api.config, row, 2);
    const expiring = open(shortLived);
    await subscribe(api, expiring.client, 'subscription { created(model: "chats") }');
    expect(expiring.closes).toEqual([]);
    await eventually(() => expiring.closes.length > 0, 4_000, 'the expired socket to close');
    expect(expiring.closes[0]).toEqual({ code: 4401, reason: 'Unauthenticated' });
  });
});
