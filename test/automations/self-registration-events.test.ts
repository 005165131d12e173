import { randomBytes } from 'node:crypto';
import { EnduserSession } from '@tellescope/sdk';
import { startAutomations, startWebhookReceiver, waitFor, type Automations } from './support';

/** register-as-enduser writes through the engine: its change fires triggers and webhooks like any other create. */
describe('self-registration', () => {
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

  const password = 'Patient-pass-123';

  test("a patient who signs up fires 'Contact Created' triggers and the endusers.create webhook", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { sdk, tenant } = await automations.session();
      await sdk.api.webhooks.configure({ url: receiver.url, secret: 'a-webhook-secret-of-32-characters', subscriptions: { endusers: { create: true } } } as never);
      await sdk.api.automation_triggers.createOne({
        title: 'Welcome new contacts',
        status: 'Active',
        event: { type: 'Contact Created', info: {} },
        action: { type: 'Add Tags', info: { tags: ['new-contact'] } },
      } as never);
      const portal = new EnduserSession({ host: automations.api.host, businessId: tenant.businessId });
      const email = `signup-${randomBytes(4).toString('hex')}@example.test`;
      // Registration answers {} (like for a taken email); the account is found by signing in.
      await expect(portal.register({ email, password, fname: 'Selfie' } as never)).resolves.toEqual({});
      const { enduser } = (await portal.authenticate(email, password)) as unknown as { enduser: { id: string } };

      const tagged = await waitFor(() => sdk.api.endusers.getOne(enduser.id), (row) => (row.tags ?? []).includes('new-contact'), 'the trigger');
      expect(tagged).toMatchObject({ email, fname: 'Selfie', creator: enduser.id });
      const [delivery] = await waitFor(async () => receiver.received, (list) => list.length >= 1, 'the webhook');
      const body = JSON.parse(delivery.body);
      expect([body.model, body.type, body.records[0].id]).toEqual(['endusers', 'create', enduser.id]);
      expect(body.records[0]).not.toHaveProperty('hashedPassword');
    } finally {
      await receiver.stop();
    }
  });

  test('organizationIds from a public caller must name a real organization path of the business', async () => {
    const { sdk, tenant } = await automations.session();
    const sub = ((await sdk.api.organizations.create_suborganization({ name: 'North', subdomain: `north-${randomBytes(4).toString('hex')}` })) as unknown as { created: { id: string } }).created;
    const other = await automations.session();
    const foreign = ((await other.sdk.api.organizations.create_suborganization({ name: 'Elsewhere', subdomain: `else-${randomBytes(4).toString('hex')}` })) as unknown as { created: { id: string } }).created;

    for (const organizationIds of [[foreign.id], ['0123456789abcdef01234567'], [sub.id, sub.id]]) {
      const portal = new EnduserSession({ host: automations.api.host, businessId: tenant.businessId, organizationIds } as never);
      await expect(portal.register({ email: `bad-${randomBytes(4).toString('hex')}@example.test`, password } as never)).rejects.toMatchObject({
        message: 'Error parsing field organizationIds: Unknown organization',
      });
    }
    expect(await sdk.api.endusers.getSome({})).toHaveLength(0);

    const portal = new EnduserSession({ host: automations.api.host, businessId: tenant.businessId, organizationIds: [sub.id] } as never);
    const email = `north-${randomBytes(4).toString('hex')}@example.test`;
    await portal.register({ email, password } as never);
    const { enduser } = (await portal.authenticate(email, password)) as unknown as { enduser: { id: string } };
    expect((await sdk.api.endusers.getOne(enduser.id)).organizationIds).toEqual([sub.id]);
  });

  test("a visitor whose public form session creates their record fires 'Contact Created' too", async () => {
    const { sdk, tenant } = await automations.session();
    await sdk.api.automation_triggers.createOne({
      title: 'Welcome new contacts',
      status: 'Active',
      event: { type: 'Contact Created', info: {} },
      action: { type: 'Add Tags', info: { tags: ['new-contact'] } },
    } as never);
    const form = await sdk.api.forms.createOne({ title: 'Public intake', allowPublicURL: true } as never);
    await sdk.api.form_fields.createOne({ formId: form.id, title: 'Reason', type: 'string', previousFields: [{ type: 'root', info: {} }] } as never);
    const session = (await new EnduserSession({ host: automations.api.host, businessId: tenant.businessId }).api.form_responses.session_for_public_form({
      formId: form.id,
      businessId: tenant.businessId,
      email: `visitor-${randomBytes(4).toString('hex')}@example.test`,
      fname: 'Vera',
    } as never)) as unknown as { enduserId: string };
    const tagged = await waitFor(() => sdk.api.endusers.getOne(session.enduserId), (row) => (row.tags ?? []).includes('new-contact'), 'the trigger');
    expect(tagged).toMatchObject({ fname: 'Vera', source: 'Public form', creator: session.enduserId });
  });
});
