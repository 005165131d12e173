import { organizations, products } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { STRIPE_NOT_CONNECTED, stripeClient, stripeIntegration } from './stripe-client';
import { Required, S } from '../input';
import { productIdList } from './product-ids';

class StripeCheckoutInput {
  @Required(productIdList(100), { ...S.listOf(S.id, 100), minItems: 1 })
  productIds!: string[];
}

/**
 * POST /products/prepare-stripe-checkout (productIds), for an enduser: a Stripe Payment Intent on the
 * organization's connected account for the products' total. The intent's metadata names the business,
 * enduser and products, so Stripe's webhook (stripe-webhook.ts) can record the purchase once paid.
 * Amounts are in cents, as Stripe's are (cost.amount is in the currency's smallest unit).
 */
export const prepareStripeCheckout = defineAction({
  method: 'post',
  path: '/products/prepare-stripe-checkout',
  auth: 'enduser',
  input: StripeCheckoutInput,
  handler: async ({ services, caller }, input) => {
    const { productIds } = input;
    const system = services.engine.system(caller.businessId);
    const found = (await system.getSome(products, { filter: { _id: { _in: productIds } }, limit: 100 })) as { id: string; title: string; processor: string; cost: { amount: number; currency: string } }[];
    const byId = new Map(found.map((product) => [product.id, product]));
    const chosen = productIds.map((id) => byId.get(id));
    if (chosen.some((product) => !product)) throw badRequest('Product not found', { field: 'productIds' });
    if (chosen.some((product) => product!.processor !== 'Stripe')) throw badRequest('Every product must have Stripe as its processor', { field: 'productIds' });

    const stripe = stripeClient(services.config.integrations.stripe);
    // The enduser's organization's account, else the nearest above it (docs/decisions.md, issue 29).
    const connected = await stripeIntegration(services, caller.businessId, { serving: caller.organizationIds });
    if (!connected?.accountId) throw badRequest(STRIPE_NOT_CONNECTED);
    const stripeAccount = connected.accountId;
    const amount = chosen.reduce((total, product) => total + Math.round(product!.cost.amount), 0);

    const customer = await stripe.customers.create({ metadata: { enduserId: caller.id, businessId: caller.businessId } }, { stripeAccount });
    const intent = await stripe.paymentIntents.create(
      {
        amount,
        currency: 'usd',
        customer: customer.id,
        automatic_payment_methods: { enabled: true },
        metadata: { businessId: caller.businessId, enduserId: caller.id, productIds: productIds.join(',') },
      },
      { stripeAccount },
    );
    const [organization] = await system.rows(organizations, { filter: { _id: caller.businessId }, limit: 1 });
    return {
      clientSecret: intent.client_secret,
      customerId: customer.id,
      publishableKey: services.config.integrations.stripe.publishableKey ?? '',
      stripeAccount,
      businessName: String(organization?.name ?? ''),
    };
  },
});
