import { isAdmin, type UserCaller } from '../../auth/caller';
import { ApiError } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { missingZoomSettings } from '../../calendar/video/zoom';
import { defineAction, type Services } from '../action';
import { NoInput } from '../input';
import { missingProviderSettings } from './oauth2-providers';
import { chooseConnection } from './organization-connections';
import { STRIPE_TITLE } from './stripe-client';

/** The providers the staff app's Integrations settings show, in its order. */
export const STATUS_PROVIDERS = ['Google', 'Square', 'Stripe', 'Zoom'] as const;

/**
 * How a provider is connected: 'oauth2' (an Admin's consent, generate-oauth2-auth-url), 'stripe'
 * (Stripe Connect onboarding, connect-stripe) or 'server' (Zoom's Server-to-Server app, the
 * server's own account for every organization: nothing to connect per organization).
 */
type ConnectKind = 'oauth2' | 'stripe' | 'server';

export interface IntegrationStatus {
  provider: (typeof STATUS_PROVIDERS)[number];
  kind: ConnectKind;
  /** Whether the server has the settings the provider needs. */
  configured: boolean;
  /** The names of the environment settings the operator still has to set (names only, never values). */
  missing: string[];
  /** A connection serves the caller's organization (its own or one above it). */
  connected: boolean;
  /** The caller's organization's own connection (what its Admins may disconnect), by its record id. */
  ownIntegrationId?: string;
  connectedAt?: string;
}

const connectionOf = async (services: Services, caller: UserCaller, title: string) => {
  const own = await chooseConnection(services, caller.businessId, title, { own: caller.organizationIds });
  const serving = own ?? (await chooseConnection(services, caller.businessId, title, { serving: caller.organizationIds }));
  return {
    connected: !!serving,
    ownIntegrationId: own ? String(own._id) : undefined,
    connectedAt: serving?.createdAt ? new Date(serving.createdAt as string).toISOString() : undefined,
  };
};

const oauth2Status = async (services: Services, caller: UserCaller, provider: 'Google' | 'Square' | 'Zoom'): Promise<IntegrationStatus> => {
  const missing = missingProviderSettings(services.config.integrations.oauth2[provider]);
  return { provider, kind: 'oauth2', configured: missing.length === 0, missing, ...(await connectionOf(services, caller, provider)) };
};

/** Zoom meetings use the server's Server-to-Server app when it is set; else an organization may connect its own over OAuth2. */
const zoomStatus = async (services: Services, caller: UserCaller): Promise<IntegrationStatus> => {
  const serverMissing = missingZoomSettings();
  if (serverMissing.length === 0) return { provider: 'Zoom', kind: 'server', configured: true, missing: [], connected: true };
  const viaOAuth2 = await oauth2Status(services, caller, 'Zoom');
  return viaOAuth2.configured ? viaOAuth2 : { ...viaOAuth2, missing: serverMissing };
};

const stripeStatus = async (services: Services, caller: UserCaller): Promise<IntegrationStatus> => {
  const missing = services.config.integrations.stripe.secretKey ? [] : ['STRIPE_SECRET_KEY'];
  return { provider: 'Stripe', kind: 'stripe', configured: missing.length === 0, missing, ...(await connectionOf(services, caller, STRIPE_TITLE)) };
};

/**
 * GET /integrations-status (Admins): for Google, Square, Stripe and Zoom, whether this server is set
 * up for it (and which settings it lacks, by name) and whether the caller's organization is
 * connected. Tokens, keys and account ids never come back (docs/decisions.md, "Issue 36: the
 * integrations status call").
 */
export const integrationsStatus = defineAction({
  method: 'get',
  path: '/integrations-status',
  auth: 'user',
  input: NoInput,
  authorize: ({ caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  },
  handler: async ({ services, caller }) => ({
    providers: [
      await oauth2Status(services, caller, 'Google'),
      await oauth2Status(services, caller, 'Square'),
      await stripeStatus(services, caller),
      await zoomStatus(services, caller),
    ],
  }),
});
