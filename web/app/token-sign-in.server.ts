import { redirect } from '@remix-run/node';
import { ApiError, callApi } from './api.server';
import type { PortalOrganization } from './organization';
import { PORTAL_SECOND_FACTOR } from './portal/second-factor.server';
import { beginCodeStep } from './second-factor.server';
import { hasLiveSession, leaveSignedOut, startSession, type Enduser } from './session.server';

/** The query parameter of a sign-in link (docs/contract/portal.md#routing-rules); the API's mailed login links use it too. */
export const TOKEN_PARAM = 'token';

/**
 * Session tokens are JWTs (base64url parts and dots). Anything else is refused before it reaches a
 * request header, where a stray character would make fetch throw an error that quotes the value.
 */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+){0,4}$/;
const MAX_TOKEN_LENGTH = 4096;

/**
 * The page asked for, as a path on this host without the token: leading slashes are collapsed so a
 * request for `//evil.example/?token=…` cannot become a redirect to another site.
 */
export const pathWithoutToken = (url: URL) => {
  const params = new URLSearchParams(url.search);
  params.delete(TOKEN_PARAM);
  const search = params.toString();
  return `/${url.pathname.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
};

type SessionAnswer = { authToken: string; enduser: Enduser };

/**
 * Trades the link's token for a fresh session token of this portal's business, or undefined when the
 * API refuses it. Nothing logged here carries the token.
 */
const exchange = async (token: string, organization: PortalOrganization): Promise<SessionAnswer | undefined> => {
  if (token.length > MAX_TOKEN_LENGTH || !TOKEN_SHAPE.test(token)) return undefined;
  try {
    const answer = await callApi<Partial<SessionAnswer>>('/v1/refresh-enduser-session', { method: 'POST', authToken: token, body: {} });
    const { authToken, enduser } = answer ?? {};
    if (typeof authToken !== 'string' || !authToken || !enduser || typeof enduser.id !== 'string') {
      throw new ApiError(502, 'The refresh answer has no session');
    }
    // A token of another business opens nothing on this portal.
    return enduser.businessId === organization.businessId ? { authToken, enduser } : undefined;
  } catch (error) {
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (!refused) console.error('Signing in from a token link failed:', error instanceof Error ? error.message : 'unknown error');
    return undefined;
  }
};

/**
 * docs/contract/portal.md#routing-rules: a page requested with `?token=<enduser token>` and no session starts a session from that
 * token (exchanged through refresh-enduser-session for a fresh one, then stored in the cookie) and
 * redirects to the same page without the token. A token the API refuses leads to /login, dropping
 * any stale cookie. A visitor whose session the API still accepts keeps it; the token is only
 * removed from the address. Returns when the request carries no token; otherwise throws the redirect.
 *
 * Only GET: a HEAD (link previews) or a form post never uses up a one-time login link.
 */
export const signInFromToken = async (request: Request, organization: PortalOrganization): Promise<void> => {
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const token = url.searchParams.get(TOKEN_PARAM);
  if (token === null) return;
  const target = pathWithoutToken(url);
  if (await hasLiveSession(request)) throw redirect(target);
  const session = await exchange(token.trim(), organization);
  if (!session) throw await leaveSignedOut(request, '/login');
  // A login link is a first factor only: the code step follows when the patient is asked for one.
  if ((session.enduser as { requiresMFA?: unknown }).requiresMFA === true) throw await beginCodeStep(PORTAL_SECOND_FACTOR, request, session.authToken, target);
  throw await startSession(request, organization, session, target);
};
