import Stripe from 'stripe';
import { integrations } from '@carelane/db';
import { ApiError } from '../../errors';
import type { Services } from '../action';
import type { IntegrationsConfig } from './config';

export const STRIPE_TITLE = 'Stripe';
export const STRIPE_NOT_CONFIGURED = 'Stripe is not configured: set STRIPE_SECRET_KEY';
export const STRIPE_NOT_CONNECTED = 'Stripe is not connected for this organization (use connect-stripe first)';

/** The stripe package, pointed at STRIPE_API_BASE_URL when set (a local stand-in in tests). */
export const stripeClient = (config: IntegrationsConfig['stripe']) => {
  if (!config.secretKey) throw new ApiError(400, STRIPE_NOT_CONFIGURED);
  if (!config.apiBaseUrl) return new Stripe(config.secretKey);
  const base = new URL(config.apiBaseUrl);
  const protocol = base.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'https' ? 443 : 80),
    protocol,
    maxNetworkRetries: 0,
  });
};

/** The organization's Stripe integration record (its connected account id is in the secret authentication). */
export const stripeIntegration = async (services: Services, businessId: string) => {
  const [row] = await services.engine.system(businessId).rows(integrations, { filter: { title: STRIPE_TITLE }, limit: 1, sort: 'oldFirst' });
  if (!row) return undefined;
  const authentication = row.authentication as { info?: { external_id?: string } } | undefined;
  return { id: String(row._id), accountId: authentication?.info?.external_id };
};
