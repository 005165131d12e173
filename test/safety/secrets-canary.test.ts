import { reportFigure } from '../support/figures';
import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import { RESOURCES } from '@carelane/db';
import { createEnduser, createStaff, startIdentityApi, type IdentityApi } from '../identity/support';
import { startRecordingProxy } from '../support/recording-proxy';
import { adminSession, createTenant, type Tenant } from '../support/tenant';

/** Every field a definition marks secret, as the JSON key a leak would show. */
const SECRET_KEYS = [...new Set(RESOURCES.flatMap((definition) => Object.entries(definition.fields).filter(([, field]) => field.secret).map(([name]) => name)))];

/**
 * Issue 21, secrets canary: the calls that answer users, endusers, api keys, the webhook
 * configuration, integrations and sendWebhook steps (their own secret, issue 29) are made through the reference client behind a recording proxy;
 * every body it passed on is scanned for the secret fields' keys and for the secret values
 * themselves (password and key hashes read from the database, the webhook secret, OAuth tokens).
 */
describe('secrets canary', () => {
  let api: IdentityApi;
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let tenant: Tenant;

  beforeAll(async () => {
    api = await startIdentityApi();
    proxy = await startRecordingProxy(api.host);
    tenant = await createTenant(api.dataSource);
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
  });

  it('no answer carries a secret', async () => {
    const through = { host: proxy.url, dataSource: api.dataSource };
    const admin = await adminSession(proxy.url, tenant);
    const staff = await createStaff(through, admin);
    const patient = await createEnduser(proxy.url, admin, tenant);

    const webhookSecret = `canary-webhook-${randomBytes(12).toString('hex')}`;
    const accessToken = `canary-access-${randomBytes(12).toString('hex')}`;
    const refreshToken = `canary-refresh-${randomBytes(12).toString('hex')}`;

    // Users and endusers, as each kind of caller sees them.
    await admin.api.users.getSome();
    await admin.api.users.getOne(staff.user.id);
    await admin.api.users.updateOne(staff.user.id, { fname: 'Canary' });
    await staff.session.api.users.getSome();
    await staff.session.api.users.getOne(staff.user.id);
    await admin.api.endusers.getSome();
    await admin.api.endusers.getOne(patient.enduser.id);
    await admin.api.endusers.updateOne(patient.enduser.id, { fname: 'Canary' });
    await staff.session.api.endusers.getSome();
    await patient.session.api.endusers.getOne(patient.enduser.id);
    await patient.session.api.endusers.updateOne(patient.enduser.id, { lname: 'Canary' });
    await new Session({ host: proxy.url }).authenticate(staff.email, staff.password);
    await patient.session.refresh_session();

    // API keys: the key itself is shown once on create; its hash never.
    const key = (await admin.api.api_keys.createOne({})) as unknown as { id: string; key: string };
    await admin.api.api_keys.getSome();
    await admin.api.api_keys.getOne(key.id);

    // The webhook configuration.
    const webhooks = admin.api.webhooks as unknown as Record<string, (input?: object) => Promise<unknown>>;
    await webhooks.configure({ url: 'https://example.com/webhooks/canary', secret: webhookSecret });
    await webhooks.get_configuration({});
    await webhooks.update({ subscriptionUpdates: { endusers: { create: true } } }).catch(() => undefined);
    await admin.api.webhooks.getSome().catch(() => undefined);

    // Integrations with OAuth tokens.
    const integration = await admin.api.integrations.createOne({
      title: 'Zoom',
      authentication: { type: 'oauth2', info: { access_token: accessToken, refresh_token: refreshToken, token_type: 'Bearer' } },
    } as never);
    await admin.api.integrations.getSome();
    await admin.api.integrations.getOne(integration.id);
    await admin.api.integrations.updateOne(integration.id, { title: 'Zoom canary' } as never);

    // A sendWebhook step's own secret (issue 29: write-only), in a step and an automated action, read and written back.
    const stepSecret = `canary-step-${randomBytes(12).toString('hex')}`;
    const journey = await admin.api.journeys.createOne({ title: 'Canary' });
    const webhookAction = { type: 'sendWebhook', info: { message: 'canary', url: 'https://example.com/webhooks/step', secret: stepSecret } };
    const step = await admin.api.automation_steps.createOne({ journeyId: journey.id, events: [{ type: 'onJourneyStart', info: {} }], action: webhookAction } as never);
    await admin.api.automation_steps.getSome({ filter: { journeyId: journey.id } });
    const readStep = await admin.api.automation_steps.getOne(step.id);
    await admin.api.automation_steps.updateOne(step.id, { action: readStep.action, flowchartUI: { x: 1, y: 2 } } as never);
    await staff.session.api.automation_steps.getOne(step.id).catch(() => undefined);
    const run = await admin.api.automated_actions.createOne({
      automationStepId: step.id,
      enduserId: patient.enduser.id,
      journeyId: journey.id,
      event: { type: 'onJourneyStart', info: {} },
      action: webhookAction,
      status: 'finished',
      processAfter: 0,
    } as never);
    await admin.api.automated_actions.getOne(run.id);
    await admin.api.automated_actions.getSome({ filter: { enduserId: patient.enduser.id } });
    const storedSteps: { action: { info?: { secret?: string } } }[] = await api.dataSource.query(`SELECT action FROM automation_steps WHERE _id = $1`, [step.id]);
    expect(storedSteps[0].action.info?.secret).toBe(stepSecret);

    // The secret values as stored, read straight from the database.
    const stored: string[] = [webhookSecret, accessToken, refreshToken, stepSecret];
    for (const table of ['users', 'endusers']) {
      const rows: { hashedPassword: string | null }[] = await api.dataSource.query(`SELECT "hashedPassword" FROM ${table} WHERE "businessId" = $1`, [tenant.businessId]);
      stored.push(...rows.map((row) => row.hashedPassword).filter((hash): hash is string => Boolean(hash)));
    }
    const keys: { hashedKey: string }[] = await api.dataSource.query(`SELECT "hashedKey" FROM api_keys WHERE "businessId" = $1`, [tenant.businessId]);
    stored.push(...keys.map((row) => row.hashedKey));
    const integrations: { authentication: unknown }[] = await api.dataSource.query(`SELECT authentication FROM integrations WHERE "businessId" = $1`, [tenant.businessId]);
    for (const row of integrations) {
      const info = (row.authentication as { info?: Record<string, unknown> } | null)?.info ?? {};
      for (const name of ['access_token', 'refresh_token']) if (typeof info[name] === 'string') stored.push(info[name] as string);
    }
    expect(stored.length).toBeGreaterThanOrEqual(9);

    const hits: string[] = [];
    for (const response of proxy.recorded) {
      for (const name of SECRET_KEYS) if (response.body.includes(`"${name}":`)) hits.push(`${response.method} ${response.path}: key ${name}`);
      for (const value of stored) if (response.body.includes(value)) hits.push(`${response.method} ${response.path}: a stored secret (${value.slice(0, 12)}…)`);
    }
    reportFigure(`secrets canary: ${proxy.recorded.length} bodies scanned for ${SECRET_KEYS.length} secret keys and ${stored.length} secret values, ${hits.length} hits`);
    expect(hits).toEqual([]);
    // The scan sees what clients got: the one body that rightly shows the plain API key is found.
    expect(proxy.recorded.filter((response) => response.body.includes(key.key))).toHaveLength(1);
    expect(proxy.recorded.length).toBeGreaterThan(20);
  });
});
