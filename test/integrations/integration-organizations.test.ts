import { startApi, type RunningApi } from '../support/api-server';
import { createSubOrganization, freshTenant, memberOf } from '../analytics/support';
import { callWith, createEnduser, createStaff } from '../identity/support';
import { startAuthorizationServer, zoomOAuth2Env } from './oauth2-server';
import { startStripeStandIn } from './stripe-stand-in';

/**
 * Issue 29 (docs/decisions.md, "Issue 29: integrations belong to an organization"): OAuth2 and
 * payment connections are an Admin's to connect, replace and disconnect; each belongs to the
 * connecting Admin's organization, names who connected it, and a sub-organization without one of its
 * own is served by the nearest above it (the root's).
 */
const CLIENT = { id: 'carelane-client', secret: 'client-secret-value' };
const ADMIN_ONLY = 'Admin access only';

describe('integrations belong to an organization and only its Admins rewire them', () => {
  let provider: Awaited<ReturnType<typeof startAuthorizationServer>>;
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  let api: RunningApi;
  beforeAll(async () => {
    provider = await startAuthorizationServer(CLIENT);
    stripe = await startStripeStandIn();
    api = await startApi({
      env: { ...zoomOAuth2Env(provider.url, CLIENT), STRIPE_SECRET_KEY: 'sk_test_carelane', STRIPE_PUBLISHABLE_KEY: 'pk_test_carelane', STRIPE_API_BASE_URL: stripe.url },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await stripe?.stop();
    await provider?.stop();
  });

  const post = (token: string, path: string, body: unknown = {}) => callWith(api.host, `Bearer ${token}`, `/v1${path}`, { method: 'POST', body: JSON.stringify(body) });

  /** Connects Zoom as this session's user: the consent, then the provider's redirect back with a code. */
  const connectZoom = async (token: string) => {
    const started = await post(token, '/generate-oauth2-auth-url', { integration: 'Zoom' });
    expect(started.status).toBe(200);
    const { authUrl, state } = started.body as { authUrl: string; state: string };
    const redirectUri = new URL(authUrl).searchParams.get('redirect_uri')!;
    const back = await fetch(`${api.host}/v1/oauth2-callback?${new URLSearchParams({ code: provider.issueCode(redirectUri), state })}`, { redirect: 'manual' });
    expect(back.status).toBe(302);
  };

  const storedZoom = (businessId: string) =>
    api.dataSource.query(`SELECT _id, "organizationIds", "connectedBy", creator FROM integrations WHERE "businessId" = $1 AND title = 'Zoom' ORDER BY "createdAt"`, [businessId]) as Promise<
      { _id: string; organizationIds: string[]; connectedBy: string | null; creator: string | null }[]
    >;

  test('staff who are not Admins can neither connect, replace nor disconnect, by the named calls or the generic ones', async () => {
    const { tenant, admin } = await freshTenant(api);
    await connectZoom(admin.authToken);
    const staff = await createStaff(api, admin);
    const token = staff.session.authToken;
    for (const [path, body] of [
      ['/generate-oauth2-auth-url', { integration: 'Zoom' }],
      ['/generate-google-auth-url', {}],
      ['/generate-square-auth-url', {}],
      ['/disconnect-oauth2-integration', { integration: 'Zoom' }],
      ['/connect-stripe', {}],
    ] as const) {
      expect({ path, answer: await post(token, path, body) }).toEqual({ path, answer: { status: 403, body: expect.objectContaining({ message: ADMIN_ONLY }) } });
    }
    const [zoom] = await storedZoom(tenant.businessId);
    const planted = { type: 'oauth2', info: { access_token: 'planted', expiry_date: 1, token_type: 'Bearer' } };
    const generic = staff.session.api.integrations;
    await expect(generic.createOne({ title: 'Square', authentication: planted } as never)).rejects.toMatchObject({ message: ADMIN_ONLY });
    await expect(generic.updateOne(zoom._id, { authentication: planted } as never)).rejects.toMatchObject({ message: ADMIN_ONLY });
    await expect(generic.deleteOne(zoom._id)).rejects.toMatchObject({ message: ADMIN_ONLY });
    expect(await storedZoom(tenant.businessId)).toHaveLength(1);
    const stored = JSON.stringify(await api.dataSource.query('SELECT authentication FROM integrations WHERE "businessId" = $1', [tenant.businessId]));
    expect(stored).not.toContain('planted');
  });

  test("a sub-organization's Admin connects and disconnects its own connection only; who connected is answered, the tokens never", async () => {
    const { tenant, admin } = await freshTenant(api);
    const sub = await createSubOrganization(admin, 'Northside');
    const subAdmin = await memberOf(api, admin, [sub.id]);

    await connectZoom(admin.authToken);
    await connectZoom(subAdmin.session.authToken);
    const rows = await storedZoom(tenant.businessId);
    expect(rows).toEqual([
      expect.objectContaining({ organizationIds: [], connectedBy: admin.userInfo.id }),
      expect.objectContaining({ organizationIds: [sub.id], connectedBy: subAdmin.user.id }),
    ]);

    // Staff read who connected each, never the tokens; the sub-organization sees its own only.
    const seenByRoot = (await admin.api.integrations.getSome({ filter: { title: 'Zoom' } } as never)) as unknown as Record<string, unknown>[];
    expect(seenByRoot.map((row) => row.connectedBy).sort()).toEqual([admin.userInfo.id, subAdmin.user.id].sort());
    const seenBySub = (await subAdmin.session.api.integrations.getSome({ filter: { title: 'Zoom' } } as never)) as unknown as Record<string, unknown>[];
    expect(seenBySub).toEqual([expect.objectContaining({ connectedBy: subAdmin.user.id, organizationIds: [sub.id] })]);
    const answers = JSON.stringify([seenByRoot, seenBySub]);
    for (const token of provider.issued) expect(answers).not.toContain(token);
    expect(answers).not.toContain('authentication');

    // The sub-organization's Admin reconnecting replaces its own tokens, never the root's.
    const rootBefore = await api.dataSource.query('SELECT authentication FROM integrations WHERE _id = $1', [rows[0]._id]);
    await connectZoom(subAdmin.session.authToken);
    expect(await storedZoom(tenant.businessId)).toHaveLength(2);
    expect(await api.dataSource.query('SELECT authentication FROM integrations WHERE _id = $1', [rows[0]._id])).toEqual(rootBefore);

    // Disconnecting takes its own; a second time there is nothing of its own left, and the root's stays.
    expect(await post(subAdmin.session.authToken, '/disconnect-oauth2-integration', { integration: 'Zoom' })).toMatchObject({ status: 200 });
    expect(await post(subAdmin.session.authToken, '/disconnect-oauth2-integration', { integration: 'Zoom' })).toMatchObject({
      status: 400,
      body: { message: 'No Zoom integration is connected' },
    });
    expect(await storedZoom(tenant.businessId)).toEqual([expect.objectContaining({ _id: rows[0]._id, organizationIds: [] })]);
  });

  test("Stripe: a sub-organization's Admin onboards its own account; its endusers pay the root's until it has one", async () => {
    const { tenant, admin } = await freshTenant(api);
    const sub = await createSubOrganization(admin, 'Eastside');
    const subAdmin = await memberOf(api, admin, [sub.id]);
    const product = await admin.api.products.createOne({ title: 'Visit', cost: { amount: 1000, currency: 'USD' }, processor: 'Stripe' } as never);
    const patient = await createEnduser(api.host, subAdmin.session, tenant);
    const checkout = async () => (await post(patient.session.authToken, '/products/prepare-stripe-checkout', { productIds: [product.id] })) as { status: number; body: Record<string, string> };

    const root = (await admin.api.integrations.connect_stripe({ countryCode: 'US' })) as { accountId: string };
    // The root's account id is not the sub-organization's to continue onboarding.
    expect(await post(subAdmin.session.authToken, '/connect-stripe', { accountId: root.accountId })).toMatchObject({
      status: 400,
      body: { message: 'accountId is not the Stripe account connected to this organization' },
    });
    expect(await checkout()).toMatchObject({ status: 200, body: { stripeAccount: root.accountId } });

    const own = (await subAdmin.session.api.integrations.connect_stripe({ countryCode: 'US' })) as { accountId: string };
    expect(own.accountId).not.toBe(root.accountId);
    expect(await checkout()).toMatchObject({ status: 200, body: { stripeAccount: own.accountId } });
    // The root Admin continues the root's onboarding, untouched by the sub-organization's.
    expect(((await admin.api.integrations.connect_stripe({ accountId: root.accountId })) as { accountId: string }).accountId).toBe(root.accountId);
    const stripeRows = await api.dataSource.query(`SELECT "organizationIds", "connectedBy" FROM integrations WHERE "businessId" = $1 AND title = 'Stripe' ORDER BY "createdAt"`, [tenant.businessId]);
    expect(stripeRows).toEqual([
      { organizationIds: [], connectedBy: admin.userInfo.id },
      { organizationIds: [sub.id], connectedBy: subAdmin.user.id },
    ]);
  });
});
