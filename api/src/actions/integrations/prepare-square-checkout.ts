import { randomUUID } from 'node:crypto';
import { products, validators as v } from '@carelane/db';
import { productIdList } from './product-ids';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { Optional, Required, S } from '../input';
import { squareAccessToken, squareRequest } from './square-client';

class SquareCheckoutInput {
  // Square keeps at most 10 metadata entries of 255 characters: 10 ids joined fit one entry.
  @Required(productIdList(10), { ...S.listOf(S.id, 10), minItems: 1 })
  productIds!: string[];

  @Optional(v.url, S.url, { emptyIsAbsent: true })
  redirectUrl?: string;
}

interface SquareLocation {
  id: string;
  status?: string;
  capabilities?: string[];
}

/**
 * POST /products/prepare-square-checkout (productIds, redirectUrl?), for an enduser: a Square
 * Checkout payment link on the organization's connected Square account, for products whose processor
 * is Square. The link's order carries metadata naming the business, enduser and products, so Square's
 * webhook (square-webhook.ts) can record the purchase once the payment completes. The answer is the
 * page to send the enduser to: { url, paymentLinkId, orderId }. The reference client has no Square
 * checkout call, so the path and shape mirror prepare-stripe-checkout's.
 */
export const prepareSquareCheckout = defineAction({
  method: 'post',
  path: '/products/prepare-square-checkout',
  auth: 'enduser',
  input: SquareCheckoutInput,
  handler: async ({ services, caller }, input) => {
    const { productIds, redirectUrl } = input;
    const system = services.engine.system(caller.businessId);
    const found = (await system.getSome(products, { filter: { _id: { _in: productIds } }, limit: 100 })) as { id: string; title: string; processor: string; cost: { amount: number; currency: string } }[];
    const byId = new Map(found.map((product) => [product.id, product]));
    const chosen = productIds.map((id) => byId.get(id));
    if (chosen.some((product) => !product)) throw badRequest('Product not found', { field: 'productIds' });
    if (chosen.some((product) => product!.processor !== 'Square')) throw badRequest('Every product must have Square as its processor', { field: 'productIds' });

    // The enduser's organization's connection, else the nearest above it (docs/decisions.md, issue 29).
    const token = await squareAccessToken(services, caller.businessId, { serving: caller.organizationIds });
    const { locations = [] } = await squareRequest<{ locations?: SquareLocation[] }>(services, token, 'GET', '/v2/locations');
    const location = locations.find((l) => l.status === 'ACTIVE' && (l.capabilities ?? []).includes('CREDIT_CARD_PROCESSING')) ?? locations.find((l) => l.status === 'ACTIVE');
    if (!location) throw badRequest('The connected Square account has no active location to take payments');

    const answer = await squareRequest<{ payment_link: { id: string; url: string; order_id: string } }>(services, token, 'POST', '/v2/online-checkout/payment-links', {
      idempotency_key: randomUUID(),
      order: {
        location_id: location.id,
        line_items: chosen.map((product) => ({ name: product!.title, quantity: '1', base_price_money: { amount: Math.round(product!.cost.amount), currency: 'USD' } })),
        metadata: { businessId: caller.businessId, enduserId: caller.id, productIds: productIds.join(',') },
      },
      ...(redirectUrl ? { checkout_options: { redirect_url: redirectUrl } } : {}),
    });
    return { url: answer.payment_link.url, paymentLinkId: answer.payment_link.id, orderId: answer.payment_link.order_id };
  },
});
