import { fail, integrations } from '@carelane/db';
import { isAdmin } from '../../auth/caller';
import { ApiError, badRequest } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { defineAction } from '../action';
import { Optional, S } from '../input';
import { STRIPE_TITLE, stripeClient, stripeIntegration } from './stripe-client';

const COUNTRIES = ['US', 'GB'];

class ConnectStripeInput {
  @Optional((value) => (typeof value === 'string' && COUNTRIES.includes(value) ? value : fail('Value must be one of US, GB')), S.oneOf(COUNTRIES))
  countryCode?: string;

  @Optional((value) => (typeof value === 'string' && value.length <= 100 ? value : fail('Expecting string of at most 100 characters')), S.text(100))
  accountId?: string;
}

/**
 * POST /connect-stripe (accountId, countryCode): Stripe Connect onboarding. The first call makes an
 * Express account for the organization and records it as its Stripe integration; every call answers
 * a fresh onboarding link (links are single-use and short-lived at Stripe). Admins only: the account
 * receives the organization's payments. The account is the Admin's organization's (docs/decisions.md,
 * "Issue 29: integrations belong to an organization").
 */
export const connectStripe = defineAction({
  method: 'post',
  path: '/connect-stripe',
  auth: 'user',
  input: ConnectStripeInput,
  authorize: ({ caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  },
  handler: async ({ services, caller }, input) => {
    const countryCode = input.countryCode ?? 'US';
    const stripe = stripeClient(services.config.integrations.stripe);
    // The Admin's organization's own account: a sub-organization's Admin onboards its own, never the root's.
    const existing = await stripeIntegration(services, caller.businessId, { own: caller.organizationIds });
    if (input.accountId && input.accountId !== existing?.accountId) throw badRequest('accountId is not the Stripe account connected to this organization', { field: 'accountId' });

    let accountId = existing?.accountId;
    if (!accountId) {
      const account = await stripe.accounts.create({ type: 'express', country: countryCode, metadata: { businessId: caller.businessId } });
      accountId = account.id;
      const authentication = { type: 'apiKey', info: { external_id: accountId } };
      const system = services.engine.system(caller.businessId);
      const connectedBy = { connectedBy: caller.id };
      if (existing) await system.updateOne(integrations, existing.id, { authentication }, { replaceObjectFields: true, serverFields: connectedBy });
      else await system.createOne(integrations, { title: STRIPE_TITLE, authentication }, connectedBy, { creator: caller.id, organizationIds: caller.organizationIds });
    }
    const back = `${services.config.portalUrl.replace(/\/$/, '')}/integrations/stripe`;
    const link = await stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', refresh_url: back, return_url: back });
    return { accountLinkUrl: link.url, accountId };
  },
});
