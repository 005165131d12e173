import { createCookieSessionStorage, redirect, redirectDocument } from '@remix-run/node';
import { ApiError, callApi } from '../api.server';
import { config } from '../config.server';
import { requireOrganization } from '../organization.server';
import { sameOriginPath } from '../safe-redirect';

/** What the API says about a staff user; only the fields the console reads are typed. */
export interface StaffUser {
  id: string;
  businessId?: string;
  email?: string;
  fname?: string;
  lname?: string;
  roles?: string[];
  /** Their own clock, when they set one (times are shown on it: web/app/time/viewer-zone.server.ts). */
  timezone?: string;
}

interface StaffSessionData {
  authToken: string;
  /** The business the token belongs to: a staff session only counts on that business's host. */
  businessId: string;
  user: StaffUser;
}

/**
 * The staff console's own cookie, apart from the enduser portal's: its path is /staff, so it never
 * travels with the enduser pages, and an enduser session never opens the console (see decisions).
 */
const storage = createCookieSessionStorage<StaffSessionData>({
  cookie: {
    name: '__carelane_staff',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    path: '/staff',
    secrets: [config.sessionSecret],
  },
});

export const STAFF_LOGIN_PATH = '/staff/login';
/** Today: the staff member's own unread conversations, tasks, appointments and recent errors. */
export const STAFF_HOME_PATH = '/staff';

const getSession = (request: Request) => storage.getSession(request.headers.get('Cookie'));

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

const basicsOf = (user: Record<string, unknown>): StaffUser => ({
  id: String(user.id ?? ''),
  businessId: text(user.businessId),
  email: text(user.email),
  fname: text(user.fname),
  lname: text(user.lname),
  roles: Array.isArray(user.roles) ? user.roles.filter((role): role is string => typeof role === 'string') : undefined,
  timezone: text(user.timezone),
});

/**
 * A path inside the console to continue to after sign-in, or the console's home: read as the browser
 * reads it and kept on the origin the request came to (sameOriginPath), then under /staff/.
 */
export const safeStaffRedirect = (request: Request, value: unknown) => {
  const path = sameOriginPath(value, request.url);
  if (!path) return STAFF_HOME_PATH;
  return path === STAFF_HOME_PATH || (path.startsWith('/staff/') && !path.startsWith('/staff/login')) ? path : STAFF_HOME_PATH;
};

/** Stores the staff session after a login and redirects into the console. */
export const startStaffSession = async (request: Request, authToken: string, user: Record<string, unknown>, redirectTo: string) => {
  const organization = await requireOrganization(request);
  const session = await getSession(request);
  session.set('authToken', authToken);
  session.set('businessId', organization.businessId);
  session.set('user', basicsOf(user));
  return redirect(redirectTo, { headers: { 'Set-Cookie': await storage.commitSession(session) } });
};

/**
 * The session cookie with the signed-in user's basics replaced (after they change their own name or
 * clock on Your account): the console reads them from the cookie, so they show on the next page at once.
 */
export const staffSessionWithUser = async (request: Request, user: Record<string, unknown>) => {
  const session = await getSession(request);
  session.set('user', basicsOf(user));
  return storage.commitSession(session);
};

const tokenFor = async (request: Request) => {
  const session = await getSession(request);
  const authToken = session.get('authToken');
  if (!authToken) return { session, authToken: undefined };
  const organization = await requireOrganization(request);
  return { session, authToken: session.get('businessId') === organization.businessId ? authToken : undefined };
};

/** For the sign-in page: a visitor already signed in as staff goes into the console. */
export const requireStaffSignedOut = async (request: Request) => {
  if ((await tokenFor(request)).authToken) throw redirect(STAFF_HOME_PATH);
};

/** Whether the browser asked for a page (a document) rather than a page's data. */
const isDocumentRequest = (request: Request) =>
  request.headers.get('Sec-Fetch-Dest') === 'document' || (request.headers.get('Accept') ?? '').includes('text/html');

const toLogin = async (request: Request, session: Awaited<ReturnType<typeof getSession>>) => {
  const url = new URL(request.url);
  // The cookie's path is /staff, which the browser does not send with Remix's data request for the
  // page /staff itself (/staff.data; Remix hands the loader the page's address): that page is loaded
  // as a document instead, which carries it (docs/decisions.md, "Today at /staff").
  if (url.pathname === STAFF_HOME_PATH && !isDocumentRequest(request)) return redirectDocument(STAFF_HOME_PATH);
  const target = request.method === 'GET' ? `${url.pathname}${url.search}` : url.pathname;
  const headers = session.has('authToken') ? { 'Set-Cookie': await storage.destroySession(session) } : undefined;
  return redirect(`${STAFF_LOGIN_PATH}?${new URLSearchParams({ redirectTo: target })}`, { headers });
};

/**
 * Runs `work` with the session's token. Without a session, or when the API refuses the token during
 * the work (a sign-out in another tab, or one racing this request), the visitor goes to /staff/login.
 */
const withStaffToken = async <T>(request: Request, work: (authToken: string, session: Awaited<ReturnType<typeof getSession>>) => Promise<T>): Promise<T> => {
  const { session, authToken } = await tokenFor(request);
  if (!authToken) throw await toLogin(request, session);
  try {
    return await work(authToken, session);
  } catch (error) {
    if (error instanceof ApiError && error.unauthenticated) throw await toLogin(request, session);
    throw error;
  }
};

/**
 * For console pages: the token and the signed-in user, the token checked with the API. Without a
 * session, or when the API no longer accepts the token, the visitor goes to /staff/login.
 */
export const requireStaff = (request: Request): Promise<{ authToken: string; user: StaffUser }> =>
  withStaffToken(request, async (authToken, session) => {
    await callApi('/v1/test-authenticated', { authToken });
    if (request.method === 'GET' && nearExpiry(authToken)) {
      const renewed = await refreshed(request, session, authToken);
      if (renewed) throw renewed;
    }
    return { authToken, user: session.get('user') ?? { id: '' } };
  });

/**
 * For what a console page reads in the background (the inbox badge's count): the read made with the
 * session's token at once, without requireStaff's check first, so a sign-out racing it leads to
 * sign-in rather than a 500 (seen in the journey walk).
 */
export const readAsStaff = <T>(request: Request, read: (staff: { authToken: string; user: StaffUser }) => Promise<T>): Promise<T> =>
  withStaffToken(request, (authToken, session) => read({ authToken, user: session.get('user') ?? { id: '' } }));

/** Seconds since the epoch when a token was issued and when it expires, read (not verified: the API does that) from the JWT. */
const lifetimeOf = (token: string) => {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iat?: unknown; exp?: unknown };
    return typeof claims.iat === 'number' && typeof claims.exp === 'number' ? { iat: claims.iat, exp: claims.exp } : undefined;
  } catch {
    return undefined;
  }
};

/** A token past half its life is renewed, so a staff member at work is never sent to sign in mid-task. */
export const nearExpiry = (token: string, nowSeconds = Date.now() / 1000) => {
  const lifetime = lifetimeOf(token);
  return !!lifetime && nowSeconds >= lifetime.iat + (lifetime.exp - lifetime.iat) / 2;
};

/**
 * Renews the staff token through POST /v1/refresh-session (the reference client's refresh) and loads
 * the same page again with the new cookie. Only on GET: a form post keeps its token (still valid), so
 * nothing is submitted twice. A refusal leaves the current token, which the API still accepts.
 */
const refreshed = async (request: Request, session: Awaited<ReturnType<typeof getSession>>, authToken: string) => {
  try {
    const answer = await callApi<{ authToken: string; user: Record<string, unknown> }>('/v1/refresh-session', { method: 'POST', authToken, body: {} });
    session.set('authToken', answer.authToken);
    session.set('user', basicsOf(answer.user));
    const url = new URL(request.url);
    return redirect(`${url.pathname}${url.search}`, { headers: { 'Set-Cookie': await storage.commitSession(session) } });
  } catch (error) {
    console.warn('Refreshing the staff session failed; the current token is kept', error);
    return undefined;
  }
};

/**
 * Ends the staff session: clears the cookie and tells the API through POST /v1/logout-api (which, as
 * the reference client's logout does, ends every token of the account; a failure there is ignored).
 */
export const endStaffSession = async (request: Request) => {
  const session = await getSession(request);
  const authToken = session.get('authToken');
  if (authToken) {
    await callApi('/v1/logout-api', { method: 'POST', authToken, body: {} }).catch((error: unknown) => {
      console.warn('Logging out with the API failed; the staff cookie is cleared anyway', error);
    });
  }
  return redirect(STAFF_LOGIN_PATH, { headers: { 'Set-Cookie': await storage.destroySession(session) } });
};
