import type { WebhookDeliveryView } from '@carelane/automation';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { useTenantSuite } from '../identity/tenant-suite';
import { createStaff } from '../identity/support';
import { subOrganizationAdmin } from '../safety/support';

const SECRET = 'a-long-random-webhook-secret';

type Delivery = WebhookDeliveryView;

/** A receiver whose answer the test sets, recording each body and delivery id it got. */
const startReceiver = async () => {
  const state = { status: 200, received: [] as { deliveryId: string; body: Record<string, unknown> }[] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      state.received.push({ deliveryId: String(req.headers['x-carelane-delivery-id']), body: JSON.parse(body) as Record<string, unknown> });
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, stop: () => new Promise((resolve) => server.close(resolve)) };
};

/** Issue 36: the console's test delivery, the recent deliveries with their outcome, and a retry. */
describe('webhook deliveries: a test delivery, the recent list and a retry', () => {
  const suite = useTenantSuite();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let previous: string | undefined;
  beforeAll(async () => {
    previous = process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    receiver = await startReceiver();
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = previous;
    await receiver?.stop();
  });

  const call = async <T>(token: string, method: string, path: string, body?: object) => {
    const response = await fetch(`${suite.api.host}/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as T & { message?: string } };
  };

  test('before any configuration the test is refused with the configuration message and nothing is recorded', async () => {
    const answer = await call(suite.admin.authToken, 'POST', '/send-test-webhook', {});
    expect(answer).toMatchObject({ status: 400, body: { message: 'Webhooks are not configured: call configure-webhooks first' } });
    expect((await call<{ deliveries: Delivery[] }>(suite.admin.authToken, 'GET', '/webhook-deliveries')).body.deliveries).toEqual([]);
  });

  test('a failed test delivery is listed as Failed; its retry sends the same body and id and is listed once, Delivered, two attempts', async () => {
    await suite.admin.api.webhooks.configure({ url: receiver.url, secret: SECRET } as never);
    receiver.state.status = 500;
    const failed = await call<{ delivery: Delivery }>(suite.admin.authToken, 'POST', '/send-test-webhook', {});
    expect(failed.status).toBe(200);
    expect(failed.body.delivery).toMatchObject({ event: 'Test delivery', status: 'Failed', attempts: 1, error: expect.stringMatching(/^Webhook delivery to http:\/\/127\.0\.0\.1:\d+ failed$/) });
    expect(receiver.state.received.at(-1)?.body).toMatchObject({ type: 'test', message: 'A test delivery from Carelane' });

    receiver.state.status = 204;
    const retried = await call<{ delivery: Delivery }>(suite.admin.authToken, 'POST', '/retry-webhook-delivery', { id: failed.body.delivery.id });
    expect(retried.body.delivery).toMatchObject({ id: failed.body.delivery.id, status: 'Delivered', statusCode: 204, attempts: 2 });
    expect(retried.body.delivery.error).toBeUndefined();
    const [first, second] = receiver.state.received.slice(-2);
    expect(second).toEqual(first);

    const list = (await call<{ deliveries: Delivery[] }>(suite.admin.authToken, 'GET', '/webhook-deliveries')).body.deliveries;
    expect(list.filter((delivery) => delivery.id === failed.body.delivery.id)).toEqual([expect.objectContaining({ status: 'Delivered', attempts: 2 })]);
  });

  test('retrying an unknown delivery is a 404; non-admins and sub-organization Admins are refused every call', async () => {
    expect((await call(suite.admin.authToken, 'POST', '/retry-webhook-delivery', { id: 'nothing-like-this' })).status).toBe(404);
    expect((await call(suite.admin.authToken, 'POST', '/retry-webhook-delivery', {})).body.message).toBe('Value not provided for required field: id');
    const staff = await createStaff(suite.api, suite.admin);
    const branch = await subOrganizationAdmin(suite.api, suite.admin);
    const sent = receiver.state.received.length;
    for (const [session, message] of [
      [staff.session, 'Admin access only'],
      [branch.session, 'Only the root organization admin can do this'],
    ] as const) {
      for (const [method, path] of [['POST', '/send-test-webhook'], ['GET', '/webhook-deliveries']] as const) {
        expect(await call(session.authToken, method, path, method === 'POST' ? {} : undefined)).toMatchObject({ status: 403, body: { message } });
      }
    }
    expect(receiver.state.received.length).toBe(sent);
  });
});
