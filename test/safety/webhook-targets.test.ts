import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { useTenantSuite } from '../identity/tenant-suite';
import { startWebhookReceiver } from '../automations/support';

const SECRET = 'a-long-random-webhook-secret';
type WebhookCalls = { configure: (input: object) => Promise<unknown>; send_automation_webhook: (input: object) => Promise<unknown> };

/**
 * Issue 12 (Medium): webhook deliveries reached this machine's own addresses, and failure texts told
 * open from closed ports. Targets are resolved, checked (this machine's addresses and every
 * non-public range, in any spelling) and connected to as checked; refusals are recorded in
 * background_errors; a failure never carries the remote's answer.
 */
describe('webhook targets: never this machine or a non-public address; failures say nothing of the remote', () => {
  const suite = useTenantSuite();
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.stop();
  });

  const calls = () => suite.admin.api.webhooks as unknown as WebhookCalls;
  const port = () => new URL(receiver.url).port;

  test('loopback in decimal, hex, IPv4-mapped IPv6 and NAT64 forms, and this machine’s own addresses are refused and recorded', async () => {
    const own = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && !entry.internal)
      .map((entry) => (entry!.family === 'IPv6' ? `[${entry!.address.replace(/%.*$/, '')}]` : entry!.address));
    const targets = [
      `http://2130706433:${port()}/`,
      `http://0x7f.1:${port()}/`,
      `http://[::ffff:127.0.0.1]:${port()}/`,
      `http://[::ffff:7f00:1]:${port()}/`,
      `http://[64:ff9b::7f00:1]:${port()}/`,
      `http://[::127.0.0.1]:${port()}/`,
      `http://localhost:${port()}/`,
      ...own.map((address) => `http://${address}:${port()}/`),
    ];
    let attempted = 0;
    for (const url of targets) {
      // A form the url validator already refuses never gets stored: refused as well.
      const stored = await calls().configure({ url, secret: SECRET }).then(
        () => true,
        (error: Error) => (expect(error.message).toBe('Error parsing field url: Invalid URL'), false),
      );
      if (!stored) continue;
      attempted += 1;
      await expect(calls().send_automation_webhook({ message: 'probe' })).rejects.toMatchObject({ message: expect.stringContaining('non-public address') });
    }
    expect(attempted).toBeGreaterThanOrEqual(own.length + 3);
    expect(receiver.received).toHaveLength(0);
    const errors = await suite.admin.api.background_errors.getSome({ limit: 100 });
    expect(errors.filter((error) => error.title === 'Webhook delivery refused').length).toBe(attempted);
  });

  test('a closed port and an error answer fail with the same text, without the remote’s answer', async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    const teapot = http.createServer((_req, res) => res.writeHead(418).end('secret internal banner'));
    await new Promise<void>((resolve) => teapot.listen(0, '127.0.0.1', () => resolve()));
    const open = (teapot.address() as AddressInfo).port;
    const closed = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    try {
      const failure = async (targetPort: number) => {
        await calls().configure({ url: `http://127.0.0.1:${targetPort}/hook`, secret: SECRET });
        return calls().send_automation_webhook({ message: 'probe' }).then(
          () => 'delivered',
          (error: Error) => error.message,
        );
      };
      const [answered, refused] = [await failure(open), await failure(closed)];
      expect(answered).toBe(`Webhook delivery to http://127.0.0.1:${open} failed`);
      expect(refused).toBe(`Webhook delivery to http://127.0.0.1:${closed} failed`);
      // The exact texts above already exclude the remote's status, banner and socket error; a
      // pattern over the whole text would also match a random port such as 41865.
    } finally {
      delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
      await new Promise((resolve) => teapot.close(resolve));
    }
  });
});
