import { integrations } from '@carelane/db';
import { ApiError, badRequest } from '../../errors';
import type { Services } from '../action';
import type { OAuth2Provider } from './oauth2-providers';
import { decryptToken, encryptToken } from './token-cipher';
import { chooseConnection, pathOf, type ConnectionChoice } from './organization-connections';

export const TOKEN_EXCHANGE_FAILED = 'The authorization server refused the request';

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  /** Square names the seller's account; kept as the integration's external_id (its webhooks name it). */
  merchant_id?: string;
  /** Square answers an expiry time instead of expires_in. */
  expires_at?: string;
}

/** A token request to the provider (client credentials in the body: client_secret_post). */
export const requestTokens = async (provider: OAuth2Provider, params: Record<string, string>) => {
  const form = { ...params, client_id: provider.clientId!, client_secret: provider.clientSecret! };
  // Square's token endpoint (ObtainToken) takes JSON; the others take the RFC's form encoding.
  const json = provider.title === 'Square';
  const response = await fetch(provider.tokenUrl!, {
    method: 'POST',
    headers: { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: json ? JSON.stringify(form) : new URLSearchParams(form),
  }).catch(() => undefined);
  const answer = response?.ok ? ((await response.json().catch(() => ({}))) as TokenAnswer) : undefined;
  if (!answer?.access_token) throw new ApiError(400, TOKEN_EXCHANGE_FAILED);
  return answer;
};

/** The integration's stored authentication (tokens encrypted), from a provider's token answer. */
export const storedAuthentication = (jwtSecret: string, answer: TokenAnswer, previousRefreshToken?: string, previousExternalId?: string) => {
  const externalId = answer.merchant_id ?? previousExternalId;
  const refresh = answer.refresh_token ?? previousRefreshToken;
  return {
    type: 'oauth2',
    info: {
      access_token: encryptToken(jwtSecret, answer.access_token!),
      ...(refresh ? { refresh_token: encryptToken(jwtSecret, refresh) } : {}),
      ...(answer.scope ? { scope: answer.scope } : {}),
      ...(externalId ? { external_id: String(externalId).slice(0, 1000) } : {}),
      expiry_date: answer.expires_in !== undefined || !answer.expires_at || Number.isNaN(Date.parse(answer.expires_at)) ? Date.now() + (answer.expires_in ?? 3600) * 1000 : Date.parse(answer.expires_at),
      token_type: 'Bearer',
    },
  };
};

/**
 * The integration of this title the choice names (an organization's own, the one serving it, or a
 * seller's: organization-connections.ts), with its decrypted tokens (for the server's own use only).
 */
export const findIntegration = async (services: Services, businessId: string, title: string, choice: ConnectionChoice) => {
  const row = await chooseConnection(services, businessId, title, choice);
  if (!row) return undefined;
  const info = ((row.authentication as { info?: Record<string, unknown> })?.info ?? {}) as { access_token?: string; refresh_token?: string; expiry_date?: number; external_id?: string };
  const secret = services.config.jwtSecret;
  return {
    id: String(row._id),
    accessToken: info.access_token ? decryptToken(secret, info.access_token) : undefined,
    refreshToken: info.refresh_token ? decryptToken(secret, info.refresh_token) : undefined,
    expiryDate: typeof info.expiry_date === 'number' ? info.expiry_date : undefined,
    creator: typeof row.creator === 'string' ? row.creator : undefined,
    /** Who connected it last (a reconnect replaces the tokens and names its Admin); older records: their creator. */
    connectedBy: typeof row.connectedBy === 'string' ? row.connectedBy : typeof row.creator === 'string' ? row.creator : undefined,
    organizationIds: pathOf(row),
    externalId: info.external_id,
  };
};

export type ConnectedIntegration = NonNullable<Awaited<ReturnType<typeof findIntegration>>>;

/** A new access token from the stored refresh token, stored encrypted like the first; answers the new access token and expiry. */
export const refreshIntegration = async (services: Services, businessId: string, provider: OAuth2Provider, existing: ConnectedIntegration) => {
  if (!existing.refreshToken) throw badRequest(`The ${provider.title} integration has no refresh token: connect it again`);
  const answer = await requestTokens(provider, { grant_type: 'refresh_token', refresh_token: existing.refreshToken });
  const authentication = storedAuthentication(services.config.jwtSecret, answer, existing.refreshToken, existing.externalId);
  await services.engine.system(businessId).updateOne(integrations, existing.id, { authentication }, { replaceObjectFields: true });
  return { accessToken: answer.access_token!, expiryDate: authentication.info.expiry_date };
};

/**
 * Revokes a grant at the provider (RFC 7009, client credentials in the body like the token
 * requests): the refresh token when there is one, since revoking it ends the access tokens of the
 * same grant too, otherwise the access token. True when the provider confirmed (200).
 */
export const revokeTokens = async (provider: OAuth2Provider, tokens: { accessToken?: string; refreshToken?: string }) => {
  const token = tokens.refreshToken ?? tokens.accessToken;
  if (!provider.revokeUrl || !token) return true;
  const response = await fetch(provider.revokeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      token,
      token_type_hint: tokens.refreshToken ? 'refresh_token' : 'access_token',
      ...(provider.clientId ? { client_id: provider.clientId } : {}),
      ...(provider.clientSecret ? { client_secret: provider.clientSecret } : {}),
    }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
  await response?.body?.cancel().catch(() => undefined);
  return response?.status === 200;
};

export const integrationNotFound = (title: string) => badRequest(`No ${title} integration is connected`);
