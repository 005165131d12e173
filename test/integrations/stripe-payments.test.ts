import Stripe from 'stripe';
import { startApi, type RunningApi } from '../support/api-server';
import { freshTenant } from '../analytics/support';
import { callWith, createEnduser, createStaff } from '../identity/support';
import { startStripeStandIn } from './stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_secret_for_carelane';
const signer = new Stripe('sk_test_signer');

type StandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

const deliver = (api: RunningApi, event: Record<string, unknown>, options: { secret?: string; signature?: string | null; timestamp?: number } = {}) => {
  const payload = JSON.stringify(event);
  const header =
    options.signature === null
      ? undefined
      : options.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return fetch(`${api.host}/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(header ? { 'Stripe-Signature': header } : {}) },
    body: payload,
  }).then(async (response) => ({ status: response.status, body: await response.json() }));
};

/** A connected account's event carries that account (`account`), as Stripe Connect's events do. */
const paymentSucceeded = (eventId: string, intent: { id: string; amount: number; metadata: Record<string, string> }, account?: string) => ({
  id: eventId,
  object: 'event',
  ...(account ? { account } : {}),
  type: 'payment_intent.succeeded',
  created: Math.floor(Date.now() / 1000),
  data: { object: { object: 'payment_intent', status: 'succeeded', amount_received: intent.amount, currency: 'usd', ...intent } },
});

describe('Stripe: connect, checkout for an enduser, purchases recorded from signed webhooks', () => {
  let stripe: StandIn;
  let api: RunningApi;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    api = await startApi({
      env: { STRIPE_SECRET_KEY: 'sk_test_carelane', STRIPE_PUBLISHABLE_KEY: 'pk_test_carelane', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE_URL: stripe.url },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await stripe?.stop();
  });

  test('connect, pay, webhook twice records one purchase, refund, forged and unsigned deliveries refused', async () => {
    const { tenant, admin } = await freshTenant(api);
    const patient = await createEnduser(api.host, admin, tenant);

    // Only an Admin connects the organization's Stripe account.
    const staff = await createStaff(api, admin);
    const refused = await callWith(api.host, `Bearer ${staff.session.authToken}`, '/v1/connect-stripe', { method: 'POST', body: '{}' });
    expect(refused.status).toBe(403);
    const connected = (await admin.api.integrations.connect_stripe({ countryCode: 'US' })) as { accountLinkUrl: string; accountId: string };
    expect(connected.accountId).toMatch(/^acct_test/);
    expect(connected.accountLinkUrl).toBe(`https://connect.stripe.test/setup/${connected.accountId}`);
    // A second call continues onboarding the same account (no second account at Stripe).
    const again = (await admin.api.integrations.connect_stripe({ accountId: connected.accountId })) as { accountId: string };
    expect(again.accountId).toBe(connected.accountId);
    expect(stripe.requests.filter((r) => r.path === '/v1/accounts')).toHaveLength(1);
    // The integration is listed without its credentials.
    const [integration] = await admin.api.integrations.getSome({ filter: { title: 'Stripe' } } as never);
    expect(integration).toBeDefined();
    expect(JSON.stringify(integration)).not.toContain(connected.accountId);

    const consult = await admin.api.products.createOne({ title: 'Consultation', cost: { amount: 5000, currency: 'USD' }, processor: 'Stripe' } as never);
    const kit = await admin.api.products.createOne({ title: 'Test kit', cost: { amount: 2500, currency: 'USD' }, processor: 'Stripe' } as never);
    const square = await admin.api.products.createOne({ title: 'Square thing', cost: { amount: 100, currency: 'USD' }, processor: 'Square' } as never);

    const notStripe = await callWith(api.host, `Bearer ${patient.session.authToken}`, '/v1/products/prepare-stripe-checkout', { method: 'POST', body: JSON.stringify({ productIds: [square.id] }) });
    expect(notStripe).toMatchObject({ status: 400, body: { message: 'Every product must have Stripe as its processor' } });

    const checkout = (await patient.session.api.products.prepare_stripe_checkout({ productIds: [consult.id, kit.id] })) as Record<string, string>;
    expect(checkout).toMatchObject({ stripeAccount: connected.accountId, publishableKey: 'pk_test_carelane', businessName: tenant.name });
    expect(checkout.clientSecret).toMatch(/^pi_test\d+_secret_/);
    const intentRequest = stripe.requests.find((r) => r.path === '/v1/payment_intents')!;
    expect(intentRequest.stripeAccount).toBe(connected.accountId);
    expect(intentRequest.body).toMatchObject({ amount: '7500', currency: 'usd', 'metadata[enduserId]': patient.enduser.id, 'metadata[businessId]': tenant.businessId });
    const intentId = checkout.clientSecret.split('_secret_')[0];

    const metadata = { businessId: tenant.businessId, enduserId: patient.enduser.id, productIds: `${consult.id},${kit.id}` };
    const event = paymentSucceeded('evt_paid_1', { id: intentId, amount: 7500, metadata }, connected.accountId);

    // Unsigned, forged (another secret) and stale (a replay older than the tolerance) deliveries change nothing.
    expect(await deliver(api, event, { signature: null })).toMatchObject({ status: 400, body: { message: 'Stripe signature missing' } });
    expect(await deliver(api, event, { secret: 'whsec_forged' })).toMatchObject({ status: 400, body: { message: 'Stripe signature invalid' } });
    expect(await deliver(api, event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).toMatchObject({ status: 400, body: { message: 'Stripe signature invalid' } });
    expect(await admin.api.purchases.getSome()).toHaveLength(0);

    // The same event delivered twice, concurrently, records one purchase.
    const [first, second] = await Promise.all([deliver(api, event), deliver(api, event)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const bought = await admin.api.purchases.getSome();
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({
      enduserId: patient.enduser.id,
      title: 'Consultation, Test kit',
      cost: { amount: 7500, currency: 'USD' },
      processor: 'Stripe',
      productId: consult.id,
      productIds: [consult.id, kit.id],
      source: 'Stripe',
      externalId: intentId,
    });
    expect(bought[0].processedAt).toBeTruthy();

    const refund = {
      id: 'evt_refund_1',
      object: 'event',
      account: connected.accountId,
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_1', object: 'charge', amount: 7500, amount_refunded: 2500, refunded: false, payment_intent: intentId } },
    };
    expect((await deliver(api, refund)).status).toBe(200);
    const [refunded] = await admin.api.purchases.getSome();
    expect(refunded.refundedAmount).toBe(2500);

    // Another business's admin sees none of it.
    const other = await freshTenant(api);
    expect(await other.admin.api.purchases.getSome()).toHaveLength(0);
  });

  test("an event from another connected account naming this business in its metadata is answered 200 and records nothing", async () => {
    const { tenant, admin } = await freshTenant(api);
    const patient = await createEnduser(api.host, admin, tenant);
    const connected = (await admin.api.integrations.connect_stripe({ countryCode: 'US' })) as { accountId: string };
    // Another clinic's account on the same platform: its owner writes whatever metadata it likes.
    const other = await freshTenant(api);
    const otherAccount = ((await other.admin.api.integrations.connect_stripe({ countryCode: 'US' })) as { accountId: string }).accountId;
    const product = await admin.api.products.createOne({ title: 'Visit', cost: { amount: 1000, currency: 'USD' }, processor: 'Stripe' } as never);
    const metadata = { businessId: tenant.businessId, enduserId: patient.enduser.id, productIds: product.id };

    for (const [eventId, account] of [['evt_other_account', otherAccount], ['evt_no_account', undefined], ['evt_made_up', 'acct_unknown']] as const) {
      const forged = paymentSucceeded(eventId, { id: `pi_${eventId}`, amount: 1000, metadata }, account);
      expect(await deliver(api, forged)).toEqual({ status: 200, body: { received: true } });
    }
    expect(await admin.api.purchases.getSome()).toHaveLength(0);

    // The business's own account's event is recorded; a refund of it from another account is not.
    expect((await deliver(api, paymentSucceeded('evt_own', { id: 'pi_own_1', amount: 1000, metadata }, connected.accountId))).status).toBe(200);
    expect(await admin.api.purchases.getSome()).toHaveLength(1);
    const refund = (account: string) => ({
      id: `evt_refund_${account}`,
      object: 'event',
      account,
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_own', object: 'charge', amount: 1000, amount_refunded: 1000, refunded: true, payment_intent: 'pi_own_1' } },
    });
    expect(await deliver(api, refund(otherAccount))).toEqual({ status: 200, body: { received: true } });
    expect((await admin.api.purchases.getSome())[0].refundedAmount ?? 0).toBe(0);
    expect((await deliver(api, refund(connected.accountId))).status).toBe(200);
    expect((await admin.api.purchases.getSome())[0].refundedAmount).toBe(1000);
  });

  test('checkout before the organization connects Stripe says so', async () => {
    const { tenant, admin } = await freshTenant(api);
    const patient = await createEnduser(api.host, admin, tenant);
    const product = await admin.api.products.createOne({ title: 'Visit', cost: { amount: 1000, currency: 'USD' }, processor: 'Stripe' } as never);
    const answer = await callWith(api.host, `Bearer ${patient.session.authToken}`, '/v1/products/prepare-stripe-checkout', { method: 'POST', body: JSON.stringify({ productIds: [product.id] }) });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Stripe is not connected for this organization (use connect-stripe first)' } });
  });
});
