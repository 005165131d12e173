import { portalLanguageOf, type PortalLanguage } from '@carelane/automation';
import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { ApiError, callApi } from './api.server';
import { config } from './config.server';
import { requireOrganization } from './organization.server';
import type { PortalOrganization } from './organization';
import { recordBrowserZone } from './portal/record-time-zone.server';
import { sameOriginPath } from './safe-redirect';

/** What the API says about an enduser; only the fields the portal reads are typed. */
export interface Enduser {
  id: string;
  fname?: string;
  lname?: string;
  email?: string;
  phone?: string;
  [field: string]: unknown;
}

/** The enduser basics kept in the cookie next to the token; `language` is their own (iso6391), for the root's language. */
export type EnduserBasics = Pick<Enduser, 'id' | 'fname' | 'lname' | 'email' | 'phone'> & { language?: PortalLanguage };

interface SessionData {
  authToken: string;
  /** The business the token was issued for: a session only counts on that business's portal. */
  businessId: string;
  enduser: EnduserBasics;
  /** When the token was last issued or refreshed (ms), for the refresh rules of docs/contract/portal.md#session. */
  refreshedAt?: number;
  /** The enduser changed since the last refresh (a profile update): refresh at the next chance. */
  changed?: boolean;
}

const storage = createCookieSessionStorage<SessionData>({
  cookie: {
    name: '__carelane_portal',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    path: '/',
    secrets: [config.sessionSecret],
    // No maxAge: the cookie ends with the browser session, and the API token's own expiry
    // (checked on every signed-in request) ends it sooner.
  },
});

const getSession = (request: Request) => storage.getSession(request.headers.get('Cookie'));

const basicsOf = (enduser: Enduser): EnduserBasics => ({
  id: enduser.id,
  fname: typeof enduser.fname === 'string' ? enduser.fname : undefined,
  lname: typeof enduser.lname === 'string' ? enduser.lname : undefined,
  email: typeof enduser.email === 'string' ? enduser.email : undefined,
  phone: typeof enduser.phone === 'string' ? enduser.phone : undefined,
  language: portalLanguageOf((enduser.language as { iso6391?: unknown } | undefined)?.iso6391),
});

/** The signed-in enduser's own language as the cookie holds it, read without asking the API (the root's language). */
export const sessionLanguage = async (request: Request): Promise<PortalLanguage | undefined> => {
  const { session, authToken } = await hasSessionFor(request);
  return authToken ? session.get('enduser')?.language : undefined;
};

/** Stores a new session (after login or registration) and redirects to the signed-in home. */
export const startSession = async (
  request: Request,
  organization: PortalOrganization,
  { authToken, enduser }: { authToken: string; enduser: Enduser },
  redirectTo = '/home',
) => {
  const session = await getSession(request);
  session.set('authToken', authToken);
  session.set('businessId', organization.businessId);
  session.set('enduser', basicsOf(enduser));
  session.set('refreshedAt', Date.now());
  // A patient with no zone takes their browser's (docs/decisions.md, "times on the viewer's clock").
  await recordBrowserZone(request, authToken, enduser);
  return redirect(redirectTo, { headers: { 'Set-Cookie': await storage.commitSession(session) } });
};

const hasSessionFor = async (request: Request) => {
  const session = await getSession(request);
  const authToken = session.get('authToken');
  if (!authToken) return { session, authToken: undefined };
  const organization = await requireOrganization(request);
  return { session, authToken: session.get('businessId') === organization.businessId ? authToken : undefined };
};

/**
 * The token and enduser id the cookie holds for this portal, without asking the API (so a page can
 * start its calls while the session is checked), or undefined without a session.
 */
export const cookieSession = async (request: Request) => {
  const { session, authToken } = await hasSessionFor(request);
  const enduserId = session.get('enduser')?.id;
  return authToken && enduserId ? { authToken, enduserId } : undefined;
};

/** Whether the visitor holds a session for this portal (without asking the API whether it is still valid). */
export const isSignedIn = async (request: Request) => !!(await hasSessionFor(request)).authToken;

/**
 * Whether the visitor holds a session for this portal that the API still accepts. Only a 401 counts
 * as 'no': when the API cannot answer, the session is given the benefit of the doubt.
 */
export const hasLiveSession = async (request: Request) => {
  const { authToken } = await hasSessionFor(request);
  if (!authToken) return false;
  try {
    await callApi('/v1/enduser-session-info', { authToken });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.unauthenticated) return false;
    throw error;
  }
};

/** Redirects signed out: drops the cookie without telling the API (for a session it no longer accepts). */
export const leaveSignedOut = async (request: Request, redirectTo: string) =>
  redirect(redirectTo, { headers: { 'Set-Cookie': await storage.destroySession(await getSession(request)) } });

/**
 * For signed-out pages (landing, login, register): a visitor with a session goes to /home, which
 * checks the session with the API and sends an expired one back to /login.
 */
export const requireSignedOut = async (request: Request) => {
  if (await isSignedIn(request)) throw redirect('/home');
};

/**
 * For signed-in pages: the enduser of a valid session, fresh from the API. Without a session, or
 * when the API no longer accepts its token, the visitor goes to /login (and the cookie is dropped).
 */
export const requireEnduser = async (
  request: Request,
  // How the enduser is asked for: the session info, or a call answering it with more (portal-bootstrap).
  fetchEnduser: (authToken: string) => Promise<Enduser> = async (authToken) => (await callApi<{ enduser: Enduser }>('/v1/enduser-session-info', { authToken })).enduser,
): Promise<{ authToken: string; enduser: Enduser }> => {
  const { session, authToken } = await hasSessionFor(request);
  if (!authToken) {
    const headers = session.has('authToken') ? { 'Set-Cookie': await storage.destroySession(session) } : undefined;
    throw redirect('/login', { headers });
  }
  try {
    return { authToken, enduser: await fetchEnduser(authToken) };
  } catch (error) {
    if (error instanceof ApiError && error.unauthenticated) {
      throw redirect('/login', { headers: { 'Set-Cookie': await storage.destroySession(session) } });
    }
    throw error;
  }
};

/** Ends the session: tells the API (a failure there is ignored) and clears the cookie. */
export const endSession = async (request: Request, redirectTo = '/') => {
  const session = await getSession(request);
  const authToken = session.get('authToken');
  if (authToken) {
    await callApi('/v1/logout-enduser', { method: 'POST', authToken, body: {} }).catch((error: unknown) => {
      console.warn('Logging out with the API failed; the session cookie is cleared anyway', error);
    });
  }
  return redirect(redirectTo, { headers: { 'Set-Cookie': await storage.destroySession(session) } });
};

// Onboarding (docs/contract/portal.md#onboarding, #session) ----------------------------------------------------------------

/** The profile-completion screen every signed-in route leads to while a name is missing. */
export const ONBOARDING_PATH = '/onboarding';
/** The query parameter carrying the page asked for, where onboarding continues once saved. */
export const REDIRECT_PARAM = 'redirectTo';

const hasName = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** docs/contract/portal.md#onboarding: a signed-in enduser whose first or last name is missing completes their profile first. */
export const needsOnboarding = (enduser: Pick<Enduser, 'fname' | 'lname'>) => !hasName(enduser.fname) || !hasName(enduser.lname);

/**
 * A path on this portal to continue to, or the fallback: the target must land on the origin the
 * request came to (sameOriginPath), so `//evil.example`, `/\\evil.example` or `/<tab>/evil.example`
 * never leave it; onboarding never continues to itself.
 */
export const safeRedirectPath = (request: Request, value: unknown, fallback = '/home') => {
  const path = sameOriginPath(value, request.url);
  if (path === undefined) return fallback;
  return path === ONBOARDING_PATH || path.startsWith(`${ONBOARDING_PATH}?`) || path.startsWith(`${ONBOARDING_PATH}#`) ? fallback : path;
};

/**
 * For signed-in pages of the portal (every one but /onboarding and /logout): requireEnduser, and
 * while the enduser's first or last name is missing, a redirect to /onboarding, which continues to
 * the page asked for once the names are saved.
 */
export const requireOnboardedEnduser = async (request: Request, fetchEnduser?: (authToken: string) => Promise<Enduser>) => {
  const signedIn = await requireEnduser(request, fetchEnduser);
  if (needsOnboarding(signedIn.enduser)) {
    const url = new URL(request.url);
    // A form post's page is where it was posted from; the address is what the visitor asked for.
    const target = request.method === 'GET' ? `${url.pathname}${url.search}` : url.pathname;
    throw redirect(`${ONBOARDING_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`);
  }
  return signedIn;
};

/**
 * Keeps the cookie's copy of the enduser in step after a profile update: the Set-Cookie header of
 * the session with the updated basics (the token and business stay as they were).
 */
export const sessionCookieWithEnduser = async (request: Request, enduser: Enduser) => {
  const session = await getSession(request);
  session.set('enduser', basicsOf(enduser));
  session.set('changed', true);
  return storage.commitSession(session);
};

// Session refresh (docs/contract/portal.md#session, #constants) ---------------------------------------------------------------

/** At most one refresh every 10 seconds. */
export const REFRESH_THROTTLE_MS = 10_000;
/** A session is refreshed on its own once its token is an hour old. */
export const REFRESH_AFTER_MS = 60 * 60 * 1000;

/**
 * Refreshes the session's token through `POST /v1/refresh-enduser-session` when it changed (at most
 * once every 10 s) or is an hour old, and answers the Set-Cookie header to send, or undefined when
 * nothing was due. A failed refresh is only logged (docs/contract/portal.md#errors) and the old token is kept; an
 * unauthenticated answer is left to the next API call, which sends the visitor to /login.
 */
export const refreshSessionIfDue = async (request: Request, now = Date.now()): Promise<string | undefined> => {
  const session = await getSession(request);
  const authToken = session.get('authToken');
  if (!authToken) return undefined;
  const refreshedAt = session.get('refreshedAt');
  const age = typeof refreshedAt === 'number' ? now - refreshedAt : Number.POSITIVE_INFINITY;
  const due = age >= REFRESH_AFTER_MS || (session.get('changed') === true && age >= REFRESH_THROTTLE_MS);
  if (!due) return undefined;
  try {
    const answer = await callApi<{ authToken?: unknown; enduser?: Enduser }>('/v1/refresh-enduser-session', { method: 'POST', authToken, body: {} });
    if (typeof answer?.authToken !== 'string' || !answer.authToken) throw new Error('The refresh answer has no token');
    session.set('authToken', answer.authToken);
    if (answer.enduser && typeof answer.enduser.id === 'string') session.set('enduser', basicsOf(answer.enduser));
    session.set('refreshedAt', now);
    session.unset('changed');
    return storage.commitSession(session);
  } catch (error) {
    console.warn('Refreshing the session failed; the current token is kept', error instanceof Error ? error.message : error);
    return undefined;
  }
};
