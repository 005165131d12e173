import { integrations } from '@carelane/db';
import { ApiError, badRequest } from '../../errors';
import type { Services } from '../action';
import type { OAuth2Provider } from './oauth2-providers';
import { decryptToken, encryptToken } from './token-cipher';

export const TOKEN_EXCHANGE_FAILED = 'The authorization server refused the request';

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
}

/** A token request to the provider (client credentials in the body: client_secret_post). */
export const requestTokens = async (provider: OAuth2Provider, params: Record<string, string>) => {
  const response = await fetch(provider.tokenUrl!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ ...params, client_id: provider.clientId!, client_secret: provider.clientSecret! }),
  }).catch(() => undefined);
  const answer = response?.ok ? ((await response.json().catch(() => ({}))) as TokenAnswer) : undefined;
  if (!answer?.access_token) throw new ApiError(400, TOKEN_EXCHANGE_FAILED);
  return answer;
};

/** The integration's stored authentication (tokens encrypted), from a provider's token answer. */
export const storedAuthentication = (jwtSecret: string, answer: TokenAnswer, previousRefreshToken?: string) => {
  const refresh = answer.refresh_token ?? previousRefreshToken;
  return {
    type: 'oauth2',
    info: {
      access_token: encryptToken(jwtSecret, answer.access_token!),
      ...(refresh ? { refresh_token: encryptToken(jwtSecret, refresh) } : {}),
      ...(answer.scope ? { scope: answer.scope } : {}),
      expiry_date: Date.now() + (answer.expires_in ?? 3600) * 1000,
      token_type: 'Bearer',
    },
  };
};

/** The organization's integration of this title, with its decrypted refresh token (for the server's own use only). */
export const findIntegration = async (services: Services, businessId: string, title: string) => {
  const [row] = await services.engine.system(businessId).rows(integrations, { filter: { title }, limit: 1, sort: 'oldFirst' });
  if (!row) return undefined;
  const info = ((row.authentication as { info?: Record<string, unknown> })?.info ?? {}) as { refresh_token?: string };
  return { id: String(row._id), refreshToken: info.refresh_token ? decryptToken(services.config.jwtSecret, info.refresh_token) : undefined };
};

export const integrationNotFound = (title: string) => badRequest(`No ${title} integration is connected`);
