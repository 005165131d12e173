import Stripe from 'stripe';
import { ApiError } from '../../errors';
import type { Services } from '../action';
import type { IntegrationsConfig } from './config';
import { chainConnections, chooseConnection, pathOf, type ConnectionChoice, type ConnectionRow } from './organization-connections';

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

const accountIdOf = (row: ConnectionRow) => (row.authentication as { info?: { external_id?: string } } | undefined)?.info?.external_id;

/** The Stripe integration record the choice names (organization-connections.ts); its connected account id is in the secret authentication. */
export const stripeIntegration = async (services: Services, businessId: string, choice: ConnectionChoice) => {
  const row = await chooseConnection(services, businessId, STRIPE_TITLE, choice);
  if (!row) return undefined;
  return { id: String(row._id), accountId: accountIdOf(row), organizationIds: pathOf(row) };
};

/** The connected accounts that may have served an organization's checkouts: its own and its ancestors' up to the root. */
export const stripeAccountsServing = async (services: Services, businessId: string, organizationIds: readonly string[]) =>
  (await chainConnections(services, businessId, STRIPE_TITLE, organizationIds)).map(accountIdOf).filter((id): id is string => !!id);
