import type Stripe from 'stripe';
import { products, purchases } from '@carelane/db';
import { ApiError, badRequest } from '../../errors';
import { defineAction, type Services } from '../action';
import { stripeClient } from './stripe-client';
import { fromBusinessAccount } from './stripe-event-account';
import { CheckedByHandler } from '../input';

export const STRIPE_SIGNATURE_MISSING = 'Stripe signature missing';
export const STRIPE_SIGNATURE_INVALID = 'Stripe signature invalid';
export const STRIPE_WEBHOOK_NOT_CONFIGURED = 'Stripe webhooks are not configured: set STRIPE_WEBHOOK_SECRET';

/** The request body exactly as received (app.ts keeps it): the signature covers these bytes. */
const rawBodyOf = (req: { rawBody?: Buffer }) => req.rawBody;

/**
 * A paid intent becomes one purchase. Deliveries of the same event (Stripe retries, replays) and
 * concurrent ones are serialised on the intent id and find the purchase already there.
 */
const recordPurchase = async (services: Services, intent: Stripe.PaymentIntent, event: Stripe.Event) => {
  const { businessId, enduserId, productIds: joined } = intent.metadata ?? {};
  if (!businessId || !enduserId) return; // not an intent made by prepare-stripe-checkout
  // Another account's event naming this business in its metadata: answered, recorded nowhere.
  if (!(await fromBusinessAccount(services, event, businessId, enduserId))) return;
  const productIds = (joined ?? '').split(',').filter(Boolean);
  const system = services.engine.system(businessId);
  const known = (await system.getSome(products, { filter: { _id: { _in: productIds } }, limit: 100 })) as { id: string; title: string }[];
  const titles = new Map(known.map((product) => [product.id, product.title]));
  const title = (productIds.map((id) => titles.get(id)).filter(Boolean).join(', ') || 'Stripe payment').slice(0, 100);
  await services.engine.transaction(async (tx) => {
    // raw SQL: an advisory lock (the engine takes no locks on rows that do not exist yet), so Stripe's
    // retries of one intent record one purchase.
    await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`stripe:${intent.id}`]);
    const existing = await tx.row(purchases, system.caller, { externalId: intent.id });
    if (existing) return;
    // Through tx itself, so the change is announced at the commit (automations, webhooks, sockets).
    await tx.createOne(purchases, system.caller, {
      enduserId,
      title,
      cost: { amount: intent.amount_received || intent.amount, currency: 'USD' },
      processor: 'Stripe',
      productId: productIds[0],
      productIds,
      processedAt: new Date(event.created * 1000).toISOString(),
      source: 'Stripe',
      externalId: intent.id,
    });
  });
};

/** A refund sets the purchase's refundedAmount (Stripe's running total for the charge, in cents). */
const recordRefund = async (services: Services, charge: Stripe.Charge, event: Stripe.Event) => {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return;
  // Charges do not carry the intent's metadata: the purchase (recorded from the intent) names its business.
  // This read crosses tenants only to find that business; the write below is scoped to it.
  // raw SQL: the engine scopes every read to a known business; this finds which business that is.
  const [found] = (await services.dataSource.query(`SELECT "businessId" FROM purchases WHERE "externalId" = $1 AND source = 'Stripe' LIMIT 1`, [intentId])) as { businessId: string }[];
  if (!found) return;
  const system = services.engine.system(found.businessId);
  const [purchase] = await system.rows(purchases, { filter: { externalId: intentId }, limit: 1 });
  if (!purchase) return;
  if (!(await fromBusinessAccount(services, event, found.businessId, String(purchase.enduserId)))) return;
  await system.updateOne(purchases, String(purchase._id), { refundedAmount: charge.amount_refunded });
};

/** A Stripe event, as Stripe posts it: the handler checks its signature over the raw body before reading it. */
class StripeEventInput {
  @CheckedByHandler({ type: 'string' }, { required: true })
  id!: unknown;

  @CheckedByHandler({ type: 'string' }, { required: true })
  type!: unknown;

  @CheckedByHandler({ type: 'object' }, { required: true })
  data!: unknown;
}

/**
 * POST /stripe-webhook: Stripe's event delivery. Only bodies signed with STRIPE_WEBHOOK_SECRET and
 * recent (the package's 5-minute tolerance refuses replays of old deliveries) are accepted. An event
 * whose connected account (`event.account`) is not one of the business's is answered 200 and
 * ignored: Stripe would retry an error for days, and the event can never become the business's.
 */
export const stripeWebhook = defineAction({
  method: 'post',
  path: '/stripe-webhook',
  auth: 'public',
  input: StripeEventInput,
  handler: async ({ services, req }) => {
    const config = services.config.integrations.stripe;
    if (!config.webhookSecret) throw new ApiError(400, STRIPE_WEBHOOK_NOT_CONFIGURED);
    const signature = req.header('stripe-signature');
    const body = rawBodyOf(req as { rawBody?: Buffer });
    if (!signature || !body) throw badRequest(STRIPE_SIGNATURE_MISSING);
    let event: Stripe.Event;
    try {
      event = stripeClient(config).webhooks.constructEvent(body, signature, config.webhookSecret);
    } catch {
      throw badRequest(STRIPE_SIGNATURE_INVALID);
    }
    if (event.type === 'payment_intent.succeeded') await recordPurchase(services, event.data.object, event);
    else if (event.type === 'charge.refunded') await recordRefund(services, event.data.object, event);
    return { received: true };
  },
});
