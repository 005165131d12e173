import { startApi, type RunningApi } from '../support/api-server';
import { createSubOrganization, freshTenant, memberOf } from '../analytics/support';
import { callWith, createStaff } from '../identity/support';
import { startAuthorizationServer, zoomOAuth2Env } from './oauth2-server';
import { startStripeStandIn } from './stripe-stand-in';

/**
 * Issue 36 (docs/decisions.md, "Issue 36: the integrations status call"): GET /integrations-status
 * tells an Admin, per provider, whether the server is set up for it (naming the settings it lacks)
 * and whether their organization is connected; never a secret, never another business's connection.
 */
const CLIENT = { id: 'carelane-client', secret: 'client-secret-value' };
const STRIPE_KEY = 'sk_test_status_secret';

describe('GET /integrations-status', () => {
  let provider: Awaited<ReturnType<typeof startAuthorizationServer>>;
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  let api: RunningApi;
  beforeAll(async () => {
    provider = await startAuthorizationServer(CLIENT);
    stripe = await startStripeStandIn();
    api = await startApi({
      env: {
        ...zoomOAuth2Env(provider.url, CLIENT),
        OAUTH2_GOOGLE_CLIENT_ID: CLIENT.id,
        OAUTH2_GOOGLE_CLIENT_SECRET: CLIENT.secret,
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_API_BASE_URL: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await stripe?.stop();
    await provider?.stop();
  });

  const status = (token: string) => callWith(api.host, `Bearer ${token}`, '/v1/integrations-status', { method: 'GET' }) as Promise<{ status: number; body: { providers?: Record<string, unknown>[]; message?: string } }>;
  const byProvider = (providers: Record<string, unknown>[] = []) => Object.fromEntries(providers.map((entry) => [entry.provider, entry]));

  const connectZoom = async (token: string) => {
    const started = await callWith(api.host, `Bearer ${token}`, '/v1/generate-oauth2-auth-url', { method: 'POST', body: JSON.stringify({ integration: 'Zoom' }) });
    const { authUrl, state } = started.body as { authUrl: string; state: string };
    const redirectUri = new URL(authUrl).searchParams.get('redirect_uri')!;
    const back = await fetch(`${api.host}/v1/oauth2-callback?${new URLSearchParams({ code: provider.issueCode(redirectUri), state })}`, { redirect: 'manual' });
    expect(back.status).toBe(302);
  };

  test('answers what the server lacks by name and what the organization has connected, without secrets', async () => {
    const { admin } = await freshTenant(api);
    const before = await status(admin.authToken);
    expect(before.status).toBe(200);
    expect(byProvider(before.body.providers)).toEqual({
      Google: { provider: 'Google', kind: 'oauth2', configured: true, missing: [], connected: false },
      Square: { provider: 'Square', kind: 'oauth2', configured: false, missing: ['OAUTH2_SQUARE_CLIENT_ID', 'OAUTH2_SQUARE_CLIENT_SECRET'], connected: false },
      Stripe: { provider: 'Stripe', kind: 'stripe', configured: true, missing: [], connected: false },
      Zoom: { provider: 'Zoom', kind: 'oauth2', configured: true, missing: [], connected: false },
    });

    await connectZoom(admin.authToken);
    const { accountId } = (await admin.api.integrations.connect_stripe({ countryCode: 'US' })) as { accountId: string };
    const after = await status(admin.authToken);
    const providers = byProvider(after.body.providers);
    expect(providers.Zoom).toMatchObject({ connected: true, ownIntegrationId: expect.any(String), connectedAt: expect.any(String) });
    expect(providers.Stripe).toMatchObject({ connected: true, ownIntegrationId: expect.any(String) });
    const answer = JSON.stringify(after.body);
    for (const secret of [...provider.issued, CLIENT.secret, CLIENT.id, STRIPE_KEY, accountId]) expect(answer).not.toContain(secret);
  });

  test("a sub-organization is served by the root's connection but owns none; another business sees nothing of it", async () => {
    const { admin } = await freshTenant(api);
    await connectZoom(admin.authToken);
    const sub = await createSubOrganization(admin, 'Northside');
    const subAdmin = await memberOf(api, admin, [sub.id]);
    const seenBySub = byProvider((await status(subAdmin.session.authToken)).body.providers);
    expect(seenBySub.Zoom).toMatchObject({ connected: true });
    expect(seenBySub.Zoom).not.toHaveProperty('ownIntegrationId');

    const other = await freshTenant(api);
    expect(byProvider((await status(other.admin.authToken)).body.providers).Zoom).toMatchObject({ connected: false });
  });

  test("with the server's Zoom app set, Zoom is connected for every organization and nothing of the app comes back", async () => {
    const { admin } = await freshTenant(api);
    // Meetings read the Zoom app from the process environment (api/src/calendar/video/zoom.ts), as this call does.
    const zoomApp = { ZOOM_ACCOUNT_ID: 'zoom-account-value', ZOOM_CLIENT_ID: 'zoom-client-value', ZOOM_CLIENT_SECRET: 'zoom-secret-value' };
    const saved = Object.keys(zoomApp).map((key) => [key, process.env[key]] as const);
    Object.assign(process.env, zoomApp);
    try {
      const answer = await status(admin.authToken);
      expect(byProvider(answer.body.providers).Zoom).toEqual({ provider: 'Zoom', kind: 'server', configured: true, missing: [], connected: true });
      for (const value of Object.values(zoomApp)) expect(JSON.stringify(answer.body)).not.toContain(value);
    } finally {
      for (const [key, value] of saved) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  test('staff who are not Admins are refused', async () => {
    const { admin } = await freshTenant(api);
    const staff = await createStaff(api, admin);
    expect(await status(staff.session.authToken)).toMatchObject({ status: 403, body: { message: 'Admin access only' } });
  });
});
