import { signWebhook } from '@carelane/activities/automation-webhook';
import { startAutomations, startWebhookReceiver, waitFor, type Automations } from './support';

describe('webhook subscriptions: record changes delivered to the configured webhook', () => {
  let automations: Automations;
  let previous: string | undefined;

  beforeAll(async () => {
    previous = process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
    if (previous === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = previous;
  });

  test('subscribed creates and deletes arrive signed, unsubscribed updates do not, secrets never leave', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { sdk } = await automations.session();
      const secret = 'a-webhook-secret-of-32-characters';
      await sdk.api.webhooks.configure({ url: receiver.url, secret, subscriptions: { endusers: { create: true, update: false, delete: true } } } as never);

      const enduser = await sdk.api.endusers.createOne({ fname: 'Hooked', email: 'hooked@example.com' });
      await sdk.api.endusers.updateOne(enduser.id, { lname: 'Changed' });
      await sdk.api.endusers.deleteOne(enduser.id);
      await sdk.api.journeys.createOne({ title: 'Not subscribed' });

      const received = await waitFor(async () => receiver.received, (list) => list.length >= 2, 'two deliveries');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const bodies = receiver.received.map((delivery) => JSON.parse(delivery.body));
      expect(bodies.map((body) => [body.model, body.type]).sort()).toEqual([
        ['endusers', 'create'],
        ['endusers', 'delete'],
      ]);
      expect(bodies[0].records[0]).toMatchObject({ id: enduser.id, fname: 'Hooked' });
      expect(bodies[0].records[0]).not.toHaveProperty('hashedPassword');
      for (const delivery of received) {
        const timestamp = String(delivery.headers['x-carelane-timestamp']);
        expect(delivery.headers['x-carelane-signature']).toBe(signWebhook(secret, timestamp, delivery.body));
      }
    } finally {
      await receiver.stop();
    }
  });
});
