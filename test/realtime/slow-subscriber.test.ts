import { io, type Socket } from 'socket.io-client';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { eventually, itemsOf, openClientSocket } from './support';

/** The hub's open connections (all tenants). */
const connectionsOf = (api: RunningApi) => [...(api.realtime.hub as unknown as { connections: Map<unknown, unknown> }).connections.keys()];

/** The TCP socket under a socket.io client's websocket, so the test can stop reading it. */
const tcpOf = (socket: Socket) => (socket.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }).ws._socket;

describe('realtime: a subscriber that does not keep up is dropped, the others are served', () => {
  let api: RunningApi;
  let tenant: Tenant;

  beforeAll(async () => {
    api = await startApi({ env: { REALTIME_MAX_BUFFERED_BYTES: String(2 * 1024 * 1024) } });
    tenant = await createTenant(api.dataSource);
  });
  afterAll(() => api.stop());

  test('a socket that stops reading is disconnected while a healthy socket gets every change', async () => {
    const admin = await adminSession(api.host, tenant);
    const healthy = await openClientSocket(admin);
    const existing = new Set(connectionsOf(api));
    const slow = io(api.host, { auth: { token: admin.authToken }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
      await eventually(() => connectionsOf(api).length === existing.size + 1, 2_000, 'the slow socket to be registered');
      const slowConnection = connectionsOf(api).find((connection) => !existing.has(connection));
      const reasons: string[] = [];
      slow.on('disconnect-reason', (reason: string) => void reasons.push(reason));
      // Stop reading: what the server writes piles up in the kernel, then in the server's buffers.
      const tcp = tcpOf(slow);
      tcp.pause();

      // Large changes (an enduser's custom fields, just under their 100,000-character limit) fill the
      // kernel's buffers in seconds, well before the heartbeat (20 s + 20 s) would notice the silent
      // socket. The healthy socket reads each one before the next is made.
      const fields = Object.fromEntries(Array.from({ length: 23 }, (_, i) => [`note${i}`, { text: 'z'.repeat(4_000) }]));
      const patient = await admin.api.endusers.createOne({ fname: 'Big' });
      let changes = 0;
      for (; changes < 400 && connectionsOf(api).includes(slowConnection); changes++) {
        // The api capitalises names.
        const fname = `Round ${changes}`;
        await admin.api.endusers.updateOne(patient.id, { fname, fields }, { replaceObjectFields: true });
        await eventually(() => itemsOf(healthy.received, 'updated-endusers').some((item) => (item as { fname?: string }).fname === fname), 10_000, `the healthy socket's ${fname}`);
      }
      expect(connectionsOf(api)).not.toContain(slowConnection);
      expect(changes).toBeLessThan(400);
      expect(healthy.socket.connected).toBe(true);
      expect(connectionsOf(api).length).toBe(existing.size);

      const disconnected = new Promise<string>((resolve) => slow.once('disconnect', resolve));
      tcp.resume();
      await expect(disconnected).resolves.toBe('io server disconnect');
      expect(reasons).toEqual(['Too slow']);
    } finally {
      slow.disconnect();
      healthy.socket.disconnect();
    }
  });
});
