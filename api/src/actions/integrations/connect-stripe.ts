import { integrations } from '@carelane/db';
import { isAdmin } from '../../auth/caller';
import { ApiError, badRequest } from '../../errors';
import { ACCESS_MESSAGES } from '../../resources/access';
import { defineAction } from '../action';
import { STRIPE_TITLE, stripeClient, stripeIntegration } from './stripe-client';

const COUNTRIES = ['US', 'GB'];

/**
 * POST /connect-stripe (accountId, countryCode): Stripe Connect onboarding. The first call makes an
 * Express account for the organization and records it as its Stripe integration; every call answers
 * a fresh onboarding link (links are single-use and short-lived at Stripe). Admins only: the account
 * receives the organization's payments.
 */
export const connectStripe = defineAction({
  method: 'post',
  path: '/connect-stripe',
  auth: 'user',
  handler: async ({ services, caller }, input) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
    const countryCode = input.countryCode ?? 'US';
    if (typeof countryCode !== 'string' || !COUNTRIES.includes(countryCode)) throw badRequest('Error parsing field countryCode: Value must be one of US, GB', { field: 'countryCode' });
    if (input.accountId !== undefined && (typeof input.accountId !== 'string' || input.accountId.length > 100)) {
      throw badRequest('Error parsing field accountId: Expecting string of at most 100 characters', { field: 'accountId' });
    }
    const stripe = stripeClient(services.config.integrations.stripe);
    const existing = await stripeIntegration(services, caller.businessId);
    if (input.accountId && input.accountId !== existing?.accountId) throw badRequest('accountId is not the Stripe account connected to this organization', { field: 'accountId' });

    let accountId = existing?.accountId;
    if (!accountId) {
      const account = await stripe.accounts.create({ type: 'express', country: countryCode, metadata: { businessId: caller.businessId } });
      accountId = account.id;
      const authentication = { type: 'apiKey', info: { external_id: accountId } };
      const system = services.engine.system(caller.businessId);
      if (existing) await system.updateOne(integrations, existing.id, { authentication }, { replaceObjectFields: true });
      else await system.createOne(integrations, { title: STRIPE_TITLE, authentication });
    }
    const back = `${services.config.portalUrl.replace(/\/$/, '')}/integrations/stripe`;
    const link = await stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', refresh_url: back, return_url: back });
    return { accountLinkUrl: link.url, accountId };
  },
});
