import type Stripe from 'stripe';
import { endusers } from '@carelane/db';
import type { Services } from '../action';
import { stripeAccountsServing } from './stripe-client';

/**
 * Whether a Stripe event came from a connected account of the business its intent's metadata names
 * (docs/decisions.md, "Issue 29: the Stripe webhook checks the event's account"). Every connected
 * account's events reach the one webhook signed with the platform's secret, and metadata is whatever
 * the account's owner wrote: only `event.account` says whose money moved. The accounts accepted are
 * the ones that may have served the enduser's checkout: their organization's and those above it.
 */
export const fromBusinessAccount = async (services: Services, event: Stripe.Event, businessId: string, enduserId: string) => {
  if (!event.account) return false;
  const [enduser] = await services.engine.system(businessId).rows(endusers, { filter: { _id: enduserId }, limit: 1 });
  if (!enduser) return false;
  const organizationIds = Array.isArray(enduser.organizationIds) ? (enduser.organizationIds as string[]) : [];
  return (await stripeAccountsServing(services, businessId, organizationIds)).includes(event.account);
};
