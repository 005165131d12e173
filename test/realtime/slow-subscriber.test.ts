import { io, type Socket } from 'socket.io-client';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { eventually, itemsOf, openClientSocket } from './support';

/** The hub's open connections (all tenants). */
const connectionCount = (api: RunningApi) => (api.realtime.hub as unknown as { connections: Map<unknown, unknown> }).connections.size;

/** The TCP socket under a socket.io client's websocket, so the test can stop reading it. */
const tcpOf = (socket: Socket) => (socket.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }).ws._socket;

describe('realtime: a subscriber that does not keep up is dropped, the others are served', () => {
  let api: RunningApi;
  let tenant: Tenant;

  beforeAll(async () => {
    api = await startApi({ env: { REALTIME_MAX_BUFFERED_BYTES: String(256 * 1024) } });
    tenant = await createTenant(api.dataSource);
  });
  afterAll(() => api.stop());

  test('a socket that stops reading is disconnected while a healthy socket gets every chat', async () => {
    const admin = await adminSession(api.host, tenant);
    const room = await admin.api.chat_rooms.createOne({ type: 'internal', userIds: [admin.userInfo.id] } as never);
    const healthy = await openClientSocket(admin);
    const before = connectionCount(api);
    const slow = io(api.host, { auth: { token: admin.authToken }, transports: ['websocket'], reconnection: false });
    const reasons: string[] = [];
    slow.on('disconnect-reason', (reason: string) => void reasons.push(reason));
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
    const disconnected = new Promise<string>((resolve) => slow.once('disconnect', resolve));
    await eventually(() => connectionCount(api) === before + 1, 2_000, 'the slow socket to be registered');
    // Stop reading: what the server writes piles up in the kernel, then in the server's buffers.
    // Kept: once the server closes the socket, the client forgets its transport's socket.
    const tcp = tcpOf(slow);
    tcp.pause();

    const message = 'x'.repeat(5_000);
    let sent: string[] = [];
    let batches = 0;
    for (; batches < 40 && connectionCount(api) > before; batches++) {
      const { created } = await admin.api.chats.createSome(Array.from({ length: 100 }, () => ({ roomId: room.id, message })));
      sent = created.map((chat) => chat.id);
      await api.realtime.hub.idle();
    }
    expect(connectionCount(api)).toBe(before);
    // Dropped for its buffers, well before the heartbeat (20 s + 20 s) would have noticed.
    expect(batches).toBeLessThan(40);

    // The healthy socket still receives everything, the last batch included.
    await eventually(() => sent.every((id) => itemsOf(healthy.received, 'created-chats').some((item) => (item as { id: string }).id === id)), 5_000, "the healthy socket's chats");
    tcp.resume();
    await expect(disconnected).resolves.toBe('io server disconnect');
    expect(reasons).toEqual(['Too slow']);
    healthy.socket.disconnect();
  });
});
