import type { Session } from '@tellescope/sdk';
import { signWebhook } from '@carelane/activities/automation-webhook';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { createStaff } from '../identity/support';
import { startWebhookReceiver } from './support';

const SECRET = 'a-long-random-webhook-secret';

describe('webhook configuration calls: configure, get_configuration, update, send_automation_webhook', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let admin: Session;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const previousAllow = process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;

  beforeAll(async () => {
    // The receiver is on loopback: allowed explicitly, as only tests and development do.
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    admin = await adminSession(api.host, tenant);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    if (previousAllow === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = previousAllow;
    await receiver.stop();
    await api.stop();
  });

  test('configure then get_configuration answers url and subscriptions, never the secret; one record per business', async () => {
    await expect(
      admin.api.webhooks.configure({ url: 'https://example.com/first', secret: SECRET, subscriptions: { endusers: { create: true } } } as never),
    ).resolves.toEqual({});
    await admin.api.webhooks.configure({ url: receiver.url, secret: SECRET, subscriptions: { endusers: { create: true, update: true } } } as never);
    const configuration = (await admin.api.webhooks.get_configuration({} as never)) as Record<string, unknown>;
    expect(configuration).toEqual({ url: receiver.url, subscriptions: { endusers: { create: true, update: true } } });
    expect(JSON.stringify(configuration)).not.toContain(SECRET);
    const rows = await api.dataSource.getRepository('webhooks').find({ where: { businessId: tenant.businessId } });
    expect(rows).toHaveLength(1);
  });

  test('a secret of 15 characters is refused with the definition message', async () => {
    await expect(admin.api.webhooks.configure({ url: receiver.url, secret: '123456789012345' } as never)).rejects.toMatchObject({
      message: 'Error parsing field secret: Webhook secret must be longer than 15 characters',
    });
    await expect(admin.api.webhooks.update({ secret: 'short' } as never)).rejects.toMatchObject({
      message: 'Error parsing field secret: Webhook secret must be longer than 15 characters',
    });
  });

  test('a non-admin may not configure or update webhooks', async () => {
    const staff = await createStaff(api, admin);
    await expect(staff.session.api.webhooks.configure({ url: receiver.url, secret: SECRET } as never)).rejects.toMatchObject({ message: 'Admin access only' });
    await expect(staff.session.api.webhooks.update({ subscriptionUpdates: { tickets: { create: true } } } as never)).rejects.toMatchObject({
      message: 'Admin access only',
    });
  });

  test('update merges subscriptionUpdates into subscriptions, per resource', async () => {
    await expect(admin.api.webhooks.update({ subscriptionUpdates: { tickets: { create: true, delete: true } } } as never)).resolves.toEqual({});
    await admin.api.webhooks.update({ subscriptionUpdates: { endusers: { delete: true } } } as never);
    expect(await admin.api.webhooks.get_configuration({} as never)).toEqual({
      url: receiver.url,
      subscriptions: { endusers: { delete: true }, tickets: { create: true, delete: true } },
    });
    await expect(admin.api.webhooks.update({ subscriptionUpdates: { nonsense: { create: true } } } as never)).rejects.toMatchObject({
      message: expect.stringMatching(/^Error parsing field subscriptionUpdates: /),
    });
  });

  test('send_automation_webhook delivers a signed POST to the configured url', async () => {
    const before = receiver.received.length;
    await expect(admin.api.webhooks.send_automation_webhook({ message: 'hello from the test' } as never)).resolves.toEqual({});
    expect(receiver.received).toHaveLength(before + 1);
    const { headers, body } = receiver.received[before];
    expect(JSON.parse(body)).toMatchObject({ type: 'automation', message: 'hello from the test' });
    const timestamp = headers['x-carelane-timestamp'] as string;
    expect(headers['x-carelane-signature']).toBe(signWebhook(SECRET, timestamp, body));
    expect(headers['x-carelane-delivery-id']).toBeTruthy();
  });

  test('without WEBHOOK_ALLOW_PRIVATE_TARGETS a loopback target is refused', async () => {
    const before = receiver.received.length;
    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    try {
      await expect(admin.api.webhooks.send_automation_webhook({ message: 'blocked' } as never)).rejects.toMatchObject({
        message: expect.stringContaining('non-public address'),
      });
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    }
    expect(receiver.received).toHaveLength(before);
  });
});
