import { createHmac, randomUUID } from 'node:crypto';
import { startApi, type RunningApi } from '../support/api-server';
import { freshTenant } from '../analytics/support';
import { callWith, createEnduser } from '../identity/support';
import { startAuthorizationServer } from './oauth2-server';
import { startSquareStandIn } from './square-stand-in';

const CLIENT = { id: 'sq0idp-carelane', secret: 'sq0csp-secret' };
const SIGNATURE_KEY = 'square-signature-key-for-tests';
const NOTIFICATION_URL = 'https://api.carelane.example/v1/square-webhook';

/** Square's signature: base64 HMAC-SHA256 of the notification URL followed by the body. */
const sign = (body: string, key = SIGNATURE_KEY, url = NOTIFICATION_URL) => createHmac('sha256', key).update(url + body).digest('base64');

const paymentEvent = (merchantId: string, payment: Record<string, unknown>, eventId = randomUUID()) => ({
  merchant_id: merchantId,
  type: 'payment.updated',
  event_id: eventId,
  created_at: new Date().toISOString(),
  data: { type: 'payment', id: payment.id, object: { payment: { location_id: 'LOC_MAIN', currency: 'USD', updated_at: new Date().toISOString(), ...payment } } },
});

describe('Square: checkout for an enduser, purchases recorded from signed webhooks', () => {
  const merchantId = `MERCHANT_${Date.now()}`;
  let provider: Awaited<ReturnType<typeof startAuthorizationServer>>;
  let square: Awaited<ReturnType<typeof startSquareStandIn>>;
  let api: RunningApi;
  beforeAll(async () => {
    provider = await startAuthorizationServer(CLIENT, { merchant_id: merchantId });
    square = await startSquareStandIn((token) => provider.issued.includes(token) && token.startsWith('access-'));
    api = await startApi({
      env: {
        PORTAL_URL: 'http://portal.example.test',
        OAUTH2_SQUARE_CLIENT_ID: CLIENT.id,
        OAUTH2_SQUARE_CLIENT_SECRET: CLIENT.secret,
        OAUTH2_SQUARE_AUTHORIZE_URL: `${provider.url}/authorize`,
        OAUTH2_SQUARE_TOKEN_URL: `${provider.url}/token`,
        SQUARE_API_BASE_URL: square.url,
        SQUARE_WEBHOOK_SIGNATURE_KEY: SIGNATURE_KEY,
        SQUARE_WEBHOOK_URL: NOTIFICATION_URL,
      },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await square?.stop();
    await provider?.stop();
  });

  const deliver = (event: unknown, signature?: string | null) => {
    const body = JSON.stringify(event);
    const header = signature === null ? undefined : signature ?? sign(body);
    return fetch(`${api.host}/v1/square-webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(header ? { 'x-square-hmacsha256-signature': header } : {}) },
      body,
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));
  };

  test('connect, checkout link, webhook recorded once, replay and forgery refused, refund', async () => {
    const { tenant, admin } = await freshTenant(api);
    const patient = await createEnduser(api.host, admin, tenant);
    const consult = await admin.api.products.createOne({ title: 'Consultation', cost: { amount: 5000, currency: 'USD' }, processor: 'Square' } as never);
    const kit = await admin.api.products.createOne({ title: 'Test kit', cost: { amount: 2500, currency: 'USD' }, processor: 'Square' } as never);
    const stripeOnly = await admin.api.products.createOne({ title: 'Stripe thing', cost: { amount: 100, currency: 'USD' }, processor: 'Stripe' } as never);
    const checkout = (body: unknown) => callWith(api.host, `Bearer ${patient.session.authToken}`, '/v1/products/prepare-square-checkout', { method: 'POST', body: JSON.stringify(body) });

    // Before Square is connected the enduser is told so.
    expect(await checkout({ productIds: [consult.id] })).toMatchObject({ status: 400, body: { message: 'Square is not connected: connect it from the integrations page first' } });

    // The Admin connects the organization's Square account (Square's token endpoint takes JSON).
    const started = await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/generate-square-auth-url', { method: 'POST', body: '{}' });
    const { authUrl } = started.body as { authUrl: string };
    const url = new URL(authUrl);
    const back = await fetch(`${api.host}/v1/oauth2-callback?${new URLSearchParams({ code: provider.issueCode(url.searchParams.get('redirect_uri')!), state: url.searchParams.get('state')! })}`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(provider.contentTypes.at(-1)).toBe('application/json');

    expect(await checkout({ productIds: [stripeOnly.id] })).toMatchObject({ status: 400, body: { message: 'Every product must have Square as its processor' } });
    const link = await checkout({ productIds: [consult.id, kit.id], redirectUrl: 'https://clinic.example/thanks' });
    expect(link.status).toBe(200);
    const { url: payUrl, orderId } = link.body as { url: string; orderId: string };
    expect(payUrl).toMatch(/^https:\/\/square\.link\/u\/LINK_/);
    const request = square.requests.find((r) => r.path === '/v2/online-checkout/payment-links')!;
    expect(request.version).toBeTruthy();
    expect(request.body).toMatchObject({
      order: {
        location_id: 'LOC_MAIN',
        line_items: [
          { name: 'Consultation', quantity: '1', base_price_money: { amount: 5000, currency: 'USD' } },
          { name: 'Test kit', quantity: '1', base_price_money: { amount: 2500, currency: 'USD' } },
        ],
        metadata: { businessId: tenant.businessId, enduserId: patient.enduser.id, productIds: `${consult.id},${kit.id}` },
      },
      checkout_options: { redirect_url: 'https://clinic.example/thanks' },
    });
    expect(JSON.stringify(link.body)).not.toMatch(/access-token/);

    // The buyer pays: Square announces the completed payment.
    const paymentId = `PAY_${Date.now()}`;
    const paid = paymentEvent(merchantId, { id: paymentId, status: 'COMPLETED', order_id: orderId, amount_money: { amount: 7500, currency: 'USD' } });
    expect(await deliver(paid)).toEqual({ status: 200, body: { received: true } });
    const purchasesNow = () => admin.api.purchases.getSome({ filter: { enduserId: patient.enduser.id } } as never) as unknown as Promise<Record<string, unknown>[]>;
    const [purchase] = await purchasesNow();
    expect(purchase).toMatchObject({
      enduserId: patient.enduser.id,
      title: 'Consultation, Test kit',
      cost: { amount: 7500, currency: 'USD' },
      processor: 'Square',
      productId: consult.id,
      source: 'Square',
      externalId: paymentId,
    });
    expect(purchase.processedAt).toBeTruthy();

    // The same delivery again is refused and records nothing.
    expect(await deliver(paid)).toMatchObject({ status: 409, body: { message: 'Square event already handled' } });
    // Another event about the same payment (Square sends several) records no second purchase.
    expect((await deliver(paymentEvent(merchantId, { id: paymentId, status: 'COMPLETED', order_id: orderId, amount_money: { amount: 7500, currency: 'USD' } }))).status).toBe(200);
    expect(await purchasesNow()).toHaveLength(1);

    // Forged, unsigned, or signed for another URL: refused, nothing recorded.
    const otherPayment = paymentEvent(merchantId, { id: `PAY_FORGED_${Date.now()}`, status: 'COMPLETED', order_id: orderId, amount_money: { amount: 1, currency: 'USD' } });
    expect(await deliver(otherPayment, sign(JSON.stringify(otherPayment), 'guessed-key'))).toMatchObject({ status: 400, body: { message: 'Square signature invalid' } });
    expect(await deliver(otherPayment, sign(JSON.stringify(otherPayment), SIGNATURE_KEY, 'https://elsewhere.example/hook'))).toMatchObject({ status: 400, body: { message: 'Square signature invalid' } });
    expect(await deliver(otherPayment, null)).toMatchObject({ status: 400, body: { message: 'Square signature missing' } });
    expect(await purchasesNow()).toHaveLength(1);

    // A refund: the payment's refunded total becomes the purchase's refundedAmount.
    const refunded = paymentEvent(merchantId, { id: paymentId, status: 'COMPLETED', order_id: orderId, amount_money: { amount: 7500, currency: 'USD' }, refunded_money: { amount: 2500, currency: 'USD' } });
    expect((await deliver(refunded)).status).toBe(200);
    const [after] = await purchasesNow();
    expect(after.refundedAmount).toBe(2500);

    // A payment that is not completed records nothing.
    const pendingLink = await checkout({ productIds: [kit.id] });
    const pending = paymentEvent(merchantId, { id: `PAY_PENDING_${Date.now()}`, status: 'APPROVED', order_id: (pendingLink.body as { orderId: string }).orderId, amount_money: { amount: 2500, currency: 'USD' } });
    expect((await deliver(pending)).status).toBe(200);
    expect(await purchasesNow()).toHaveLength(1);
  });

  test('an old event is refused; an unconfigured webhook says what to set', async () => {
    const old = { ...paymentEvent(merchantId, { id: 'PAY_OLD', status: 'COMPLETED' }), created_at: new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString() };
    expect(await deliver(old)).toMatchObject({ status: 400, body: { message: 'Square event too old' } });
    const bare = await startApi();
    try {
      const answer = await fetch(`${bare.host}/v1/square-webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ message: 'Square webhooks are not configured: set SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL' });
    } finally {
      await bare.stop();
    }
  });
});
