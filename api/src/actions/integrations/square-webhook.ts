import { createHmac, timingSafeEqual } from 'node:crypto';
import { products, purchases } from '@carelane/db';
import { releaseOnce, useOnce } from '@carelane/db/internal/used-nonces';
import { ApiError, badRequest } from '../../errors';
import { defineAction, type Services } from '../action';
import { NoInput } from '../input';
import { squareAccessToken, squareRequest } from './square-client';

export const SQUARE_WEBHOOK_NOT_CONFIGURED = 'Square webhooks are not configured: set SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL';
export const SQUARE_SIGNATURE_MISSING = 'Square signature missing';
export const SQUARE_SIGNATURE_INVALID = 'Square signature invalid';
export const SQUARE_EVENT_REPLAYED = 'Square event already handled';
export const SQUARE_EVENT_TOO_OLD = 'Square event too old';

/** Events are remembered (and older ones refused) for this long: longer than Square retries a delivery (3 days). */
const EVENT_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

interface SquarePayment {
  id: string;
  status?: string;
  order_id?: string;
  amount_money?: { amount: number; currency: string };
  refunded_money?: { amount: number; currency: string };
  updated_at?: string;
}

interface SquareEvent {
  merchant_id?: string;
  type?: string;
  event_id?: string;
  created_at?: string;
  data?: { type?: string; id?: string; object?: { payment?: SquarePayment } };
}

/** Square's signature: base64 HMAC-SHA256, keyed with the subscription's signature key, of the notification URL followed by the body. */
const signatureMatches = (key: string, notificationUrl: string, body: Buffer, signature: string) => {
  const expected = createHmac('sha256', key).update(notificationUrl).update(body).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * The businesses connected to this Square seller. The event names only the seller, so this read
 * crosses tenants to find them (as the Stripe refund does); every write below is scoped to one.
 */
const businessesOfMerchant = async (services: Services, merchantId: string) =>
  // raw SQL: a lookup across tenants by the seller id inside the integration's authentication.
  ((await services.dataSource.query(`SELECT "businessId" FROM integrations WHERE title = 'Square' AND authentication->'info'->>'external_id' = $1`, [merchantId])) as { businessId: string }[]).map(
    (row) => row.businessId,
  );

const purchaseOf = async (services: Services, businessIds: string[], paymentId: string) => {
  for (const businessId of businessIds) {
    const [purchase] = await services.engine.system(businessId).rows(purchases, { filter: { externalId: paymentId, source: 'Square' }, limit: 1 });
    if (purchase) return { businessId, id: String(purchase._id) };
  }
  return undefined;
};

/** A completed payment of a Carelane checkout becomes one purchase (the order's metadata names business, enduser and products). */
const recordPurchase = async (services: Services, merchantId: string, businessIds: string[], payment: SquarePayment, event: SquareEvent) => {
  if (!payment.order_id || (await purchaseOf(services, businessIds, payment.id))) return;
  // The connection of this seller (a sub-organization's or the root's).
  const token = await squareAccessToken(services, businessIds[0], { externalId: merchantId });
  const { order } = await squareRequest<{ order?: { metadata?: Record<string, string> } }>(services, token, 'GET', `/v2/orders/${encodeURIComponent(payment.order_id)}`);
  const { businessId, enduserId, productIds: joined } = order?.metadata ?? {};
  // Not made by prepare-square-checkout, or naming a business this seller is not connected to.
  if (!businessId || !enduserId || !businessIds.includes(businessId)) return;
  const productIds = (joined ?? '').split(',').filter(Boolean);
  const system = services.engine.system(businessId);
  const known = (await system.getSome(products, { filter: { _id: { _in: productIds } }, limit: 100 })) as { id: string; title: string }[];
  const titles = new Map(known.map((product) => [product.id, product.title]));
  const title = (productIds.map((id) => titles.get(id)).filter(Boolean).join(', ') || 'Square payment').slice(0, 100);
  await services.engine.transaction(async (tx) => {
    // Several events about one payment (created, updated, refunds) may arrive together.
    // raw SQL: an advisory lock (the engine takes no locks on rows that do not exist yet).
    await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`square:${payment.id}`]);
    if (await tx.row(purchases, system.caller, { externalId: payment.id, source: 'Square' })) return;
    await tx.createOne(purchases, system.caller, {
      enduserId,
      title,
      cost: { amount: payment.amount_money?.amount ?? 0, currency: 'USD' },
      processor: 'Square',
      productId: productIds[0],
      productIds,
      processedAt: payment.updated_at ?? event.created_at ?? new Date().toISOString(),
      source: 'Square',
      externalId: payment.id,
    });
  });
};

/** Square's payment carries the running total refunded: the purchase's refundedAmount follows it. */
const recordRefund = async (services: Services, businessIds: string[], payment: SquarePayment) => {
  const refunded = payment.refunded_money?.amount;
  if (typeof refunded !== 'number' || refunded <= 0) return;
  const purchase = await purchaseOf(services, businessIds, payment.id);
  if (purchase) await services.engine.system(purchase.businessId).updateOne(purchases, purchase.id, { refundedAmount: refunded });
};

/**
 * POST /square-webhook: Square's event delivery. Only bodies signed for SQUARE_WEBHOOK_URL with
 * SQUARE_WEBHOOK_SIGNATURE_KEY are read. Square's signature has no timestamp, so replays are refused
 * by event id (409, remembered for 7 days; older events are refused as too old). payment.created and
 * payment.updated record the purchase once its payment is COMPLETED and follow its refunded total;
 * other events are answered and ignored.
 */
export const squareWebhook = defineAction({
  method: 'post',
  path: '/square-webhook',
  auth: 'public',
  // The signed raw body is the input (read below), never a parsed one.
  input: NoInput,
  handler: async ({ services, req }) => {
    const config = services.config.integrations.square;
    if (!config.webhookSignatureKey || !config.webhookUrl) throw new ApiError(400, SQUARE_WEBHOOK_NOT_CONFIGURED);
    const signature = req.header('x-square-hmacsha256-signature');
    const body = (req as { rawBody?: Buffer }).rawBody;
    if (!signature || !body) throw badRequest(SQUARE_SIGNATURE_MISSING);
    if (!signatureMatches(config.webhookSignatureKey, config.webhookUrl, body, signature)) throw badRequest(SQUARE_SIGNATURE_INVALID);

    const event = JSON.parse(body.toString('utf8')) as SquareEvent;
    const createdAt = Date.parse(event.created_at ?? '');
    if (!event.event_id || Number.isNaN(createdAt)) throw badRequest('Square event without event_id or created_at');
    if (createdAt < Date.now() - EVENT_MEMORY_MS) throw badRequest(SQUARE_EVENT_TOO_OLD);
    const key = `square-event:${event.event_id}`;
    if (!(await useOnce(services.dataSource, key, new Date(createdAt + EVENT_MEMORY_MS)))) throw new ApiError(409, SQUARE_EVENT_REPLAYED);
    try {
      const payment = event.data?.object?.payment;
      if ((event.type === 'payment.created' || event.type === 'payment.updated') && payment?.id && event.merchant_id) {
        const businessIds = await businessesOfMerchant(services, event.merchant_id);
        if (businessIds.length) {
          if (payment.status === 'COMPLETED') await recordPurchase(services, event.merchant_id, businessIds, payment, event);
          await recordRefund(services, businessIds, payment);
        }
      }
    } catch (error) {
      // Not handled: Square's retry of this event must be taken.
      await releaseOnce(services.dataSource, key);
      throw error;
    }
    return { received: true };
  },
});
