import { ApiError, badRequest } from '../../errors';
import type { Services } from '../action';
import { findIntegration, refreshIntegration } from './oauth2-tokens';
import type { ConnectionChoice } from './organization-connections';

/** The Square API version the requests are written for (Square pins behaviour per version). */
export const SQUARE_VERSION = '2025-01-23';
export const SQUARE_NOT_CONNECTED = 'Square is not connected: connect it from the integrations page first';
export const SQUARE_UNAVAILABLE = 'Square could not be reached';

/** Refresh a little before the expiry, so the token does not lapse between the check and Square's. */
const EXPIRY_MARGIN_MS = 60_000;

/** The Square access token of the connection the choice names (organization-connections.ts), refreshed when about to expire. */
export const squareAccessToken = async (services: Services, businessId: string, choice: ConnectionChoice) => {
  const integration = await findIntegration(services, businessId, 'Square', choice);
  if (!integration?.accessToken) throw badRequest(SQUARE_NOT_CONNECTED);
  if (integration.expiryDate !== undefined && integration.expiryDate < Date.now() + EXPIRY_MARGIN_MS && integration.refreshToken) {
    return (await refreshIntegration(services, businessId, services.config.integrations.oauth2.Square, integration)).accessToken;
  }
  return integration.accessToken;
};

/** One call to Square's API with the seller's token; Square's own errors become a 502 naming Square's first error detail. */
export const squareRequest = async <T>(services: Services, accessToken: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${services.config.integrations.square.apiBaseUrl.replace(/\/$/, '')}${path}`, {
    method,
    headers: { Authorization: `Bearer ${accessToken}`, 'Square-Version': SQUARE_VERSION, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  }).catch(() => undefined);
  if (!response) throw new ApiError(502, SQUARE_UNAVAILABLE);
  const answer = (await response.json().catch(() => ({}))) as T & { errors?: { detail?: string; code?: string }[] };
  if (!response.ok) {
    const detail = answer.errors?.[0]?.detail ?? answer.errors?.[0]?.code;
    throw new ApiError(502, detail ? `Square refused the request: ${String(detail).slice(0, 200)}` : SQUARE_UNAVAILABLE);
  }
  return answer;
};
