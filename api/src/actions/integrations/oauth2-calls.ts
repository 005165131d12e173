import type { Request } from 'express';
import { integrations, newId, users } from '@carelane/db';
import { isAdmin, type Caller } from '../../auth/caller';
import { ApiError, badRequest } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { RedirectAnswer, defineAction, type Services } from '../action';
import { apiBaseUrl } from '../files/file-links';
import { OAUTH2_TITLES, missingProviderSettings } from './oauth2-providers';
import { INVALID_STATE, claimState, signState, verifyState } from './oauth2-state';
import { findIntegration, integrationNotFound, refreshIntegration, requestTokens, revokeTokens, storedAuthentication } from './oauth2-tokens';
import { recordBackgroundError } from '@carelane/activities/automation-records';
import { CheckedByHandler, NoInput, S } from '../input';

export const CALLBACK_PATH = '/oauth2-callback';
export const notConfigured = (title: string, missing: string[]) => `${title} OAuth2 is not configured: set ${missing.join(', ')}`;

const providerFor = (services: Services, title: unknown, field: string) => {
  if (typeof title !== 'string' || !(OAUTH2_TITLES as readonly string[]).includes(title)) {
    throw badRequest(`Error parsing field ${field}: Value must be one of ${OAUTH2_TITLES.join(', ')}`, { field });
  }
  const provider = services.config.integrations.oauth2[title];
  const missing = missingProviderSettings(provider);
  if (missing.length) throw new ApiError(400, notConfigured(title, missing));
  return provider;
};

/** The provider's consent page for this user and organization, with a signed, expiring state. */
const authUrlFor = (services: Services, req: Request, caller: { id: string; businessId: string; organizationIds: string[] }, title: unknown, field = 'integration') => {
  const provider = providerFor(services, title, field);
  const redirectUri = `${apiBaseUrl(services, req)}/v1${CALLBACK_PATH}`;
  const state = signState(services.config.jwtSecret, {
    userId: caller.id,
    businessId: caller.businessId,
    organizationIds: caller.organizationIds,
    title: provider.title,
    redirectUri,
  });
  const url = new URL(provider.authorizeUrl!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId!);
  url.searchParams.set('redirect_uri', redirectUri);
  if (provider.scope) url.searchParams.set('scope', provider.scope);
  url.searchParams.set('state', state);
  // Google issues a refresh token only for offline access, and again only when consent is asked.
  if (provider.title === 'Google') {
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
  }
  return { authUrl: url.toString(), state };
};

/**
 * Connecting, replacing and disconnecting an integration are an Admin's (docs/decisions.md, "Issue 29:
 * integrations belong to an organization"): its tokens act for the organization's whole staff.
 */
const adminsOnly = ({ caller }: { caller: Caller }) => {
  if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
};

/** The integration's title; checked with the provider's settings (providerFor). */
class OAuth2IntegrationInput {
  @CheckedByHandler(S.oneOf(OAUTH2_TITLES), { required: true })
  integration!: unknown;
}

/** POST /generate-oauth2-auth-url (integration): { authUrl, state }. */
export const generateOAuth2AuthUrl = defineAction({
  method: 'post',
  path: '/generate-oauth2-auth-url',
  auth: 'user',
  authorize: adminsOnly,
  input: OAuth2IntegrationInput,
  handler: async ({ services, caller, req }, input) => authUrlFor(services, req, caller, input.integration),
});

/** POST /generate-google-auth-url (calendarOnly): { authUrl }. */
export const generateGoogleAuthUrl = defineAction({
  method: 'post',
  path: '/generate-google-auth-url',
  auth: 'user',
  authorize: adminsOnly,
  input: NoInput,
  handler: async ({ services, caller, req }) => ({ authUrl: authUrlFor(services, req, caller, 'Google').authUrl }),
});

/** POST /generate-square-auth-url: { authUrl }. */
export const generateSquareAuthUrl = defineAction({
  method: 'post',
  path: '/generate-square-auth-url',
  auth: 'user',
  authorize: adminsOnly,
  input: NoInput,
  handler: async ({ services, caller, req }) => ({ authUrl: authUrlFor(services, req, caller, 'Square').authUrl }),
});

/** What the provider sends back: the signed state, and the code (or an error). Checked by the handler, the state first. */
class OAuth2CallbackInput {
  @CheckedByHandler({ type: 'string' }, { required: true })
  state!: unknown;

  @CheckedByHandler({ type: 'string' })
  code?: unknown;

  @CheckedByHandler({ type: 'string' })
  error?: unknown;
}

/**
 * GET /oauth2-callback (code, state): where the provider sends the user's browser back. The state
 * names the user and organization (no bearer token arrives with a browser redirect); the code is
 * exchanged for tokens, stored encrypted on the organization's integration of that title, and the
 * browser goes on to the portal.
 */
export const oauth2Callback = defineAction({
  method: 'get',
  path: CALLBACK_PATH,
  auth: 'public',
  input: OAuth2CallbackInput,
  handler: async ({ services }, input) => {
    const state = verifyState(services.config.jwtSecret, input.state);
    await claimState(services.dataSource, state);
    if (typeof input.error === 'string') throw badRequest(`The authorization was not granted: ${input.error.slice(0, 100)}`);
    if (typeof input.code !== 'string' || !input.code) throw badRequest('Value not provided for required field: code', { field: 'code' });
    const provider = providerFor(services, state.title, 'state');
    const system = services.engine.system(state.businessId);
    // The consent is the Admin's still: someone demoted or moved to another organization since it began connects nothing.
    const [connecting] = await system.rows(users, { filter: { _id: state.userId }, limit: 1 });
    if (!connecting) throw badRequest(INVALID_STATE);
    if (!((connecting.roles as string[] | null) ?? []).includes('Admin')) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
    if (JSON.stringify((connecting.organizationIds as string[] | null) ?? []) !== JSON.stringify(state.organizationIds)) throw badRequest(INVALID_STATE);
    const answer = await requestTokens(provider, { grant_type: 'authorization_code', code: input.code, redirect_uri: state.redirectUri });
    const authentication = storedAuthentication(services.config.jwtSecret, answer);
    // The connecting Admin's organization's own connection: a reconnect replaces its tokens and names who connected.
    const connectedBy = { connectedBy: state.userId };
    const existing = await findIntegration(services, state.businessId, state.title, { own: state.organizationIds });
    if (existing) await system.updateOne(integrations, existing.id, { authentication }, { replaceObjectFields: true, serverFields: connectedBy });
    else await system.createOne(integrations, { title: state.title, authentication }, connectedBy, { creator: state.userId, organizationIds: state.organizationIds });
    const back = new URL(`${services.config.portalUrl.replace(/\/$/, '')}/integrations`);
    back.searchParams.set('connected', state.title);
    return new RedirectAnswer(back.toString());
  },
});

/**
 * POST /disconnect-oauth2-integration (integration): revokes the grant at the provider when it has a
 * revocation endpoint, then forgets the organization's tokens. A provider that does not confirm the
 * revocation does not keep the integration connected here (the user asked to disconnect): staff get
 * a background error saying to revoke the access in the provider's own settings.
 */
export const disconnectOAuth2Integration = defineAction({
  method: 'post',
  path: '/disconnect-oauth2-integration',
  auth: 'user',
  authorize: adminsOnly,
  input: OAuth2IntegrationInput,
  handler: async ({ services, caller }, input) => {
    const title = input.integration;
    if (typeof title !== 'string' || !(OAUTH2_TITLES as readonly string[]).includes(title)) {
      throw badRequest(`Error parsing field integration: Value must be one of ${OAUTH2_TITLES.join(', ')}`, { field: 'integration' });
    }
    // Only the caller's organization's own connection: a sub-organization's Admin never disconnects the root's.
    const existing = await findIntegration(services, caller.businessId, title, { own: caller.organizationIds });
    if (!existing) throw integrationNotFound(title);
    await services.engine.deleteOne(integrations, caller, existing.id);
    const provider = services.config.integrations.oauth2[title];
    if (!(await revokeTokens(provider, existing))) {
      await services.dataSource.transaction((manager) =>
        recordBackgroundError(manager, {
          id: newId(),
          businessId: caller.businessId,
          title: `${title} access could not be revoked`,
          message: `The ${title} integration was disconnected, but ${new URL(provider.revokeUrl!).host} did not confirm revoking its tokens: remove Carelane's access in the ${title} account's settings.`,
        }),
      );
    }
    return {};
  },
});

class OAuth2TitleInput {
  @CheckedByHandler(S.oneOf(OAUTH2_TITLES), { required: true })
  title!: unknown;
}

/**
 * POST /refresh-oauth2-session (title): uses the stored refresh token for a new access token, stored
 * encrypted like the first. The answer carries the new expiry only: tokens never leave the server.
 */
export const refreshOAuth2Session = defineAction({
  method: 'post',
  path: '/refresh-oauth2-session',
  auth: 'user',
  input: OAuth2TitleInput,
  handler: async ({ services, caller }, input) => {
    if (input.title === undefined || input.title === null || input.title === '') throw badRequest('Value not provided for required field: title', { field: 'title' });
    const provider = providerFor(services, input.title, 'title');
    const existing = await findIntegration(services, caller.businessId, provider.title, { serving: caller.organizationIds });
    if (!existing) throw integrationNotFound(provider.title);
    const { expiryDate } = await refreshIntegration(services, caller.businessId, provider, existing);
    return { expiry_date: expiryDate };
  },
});
