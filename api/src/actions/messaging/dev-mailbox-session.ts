import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { ApiError } from '../../errors';
import type { Services } from '../action';
import type { Caller } from '../../auth/caller';
import { loadCaller } from '../../auth/passport';
import { kindOfClaims } from '../../auth/token-kinds';
import { verifySessionToken } from '../../auth/tokens';
import { parseInput } from '../parse-input';
import { userLogin } from '../users/login';

/**
 * The development mailbox's own sign-in, so the link `npm start` prints opens in a browser, which
 * sends no Authorization header (docs/decisions.md, "The development mailbox signs in in the
 * browser"). The cookie carries an ordinary staff session token, so it is checked like any session
 * (signature, expiry, the account's sessionVersion and roles): logout or a password change ends it.
 */
export const DEV_MAILBOX_PATH = '/dev/mailbox';
export const DEV_MAILBOX_COOKIE = 'carelane_dev_mailbox';

/**
 * HttpOnly: no script reads it. SameSite=Strict: no other site's page sends it, so no other site can
 * make a browser read or act on the mailbox with it. Path: only the mailbox's own pages ever carry it.
 * Secure when the request came over TLS (a plain-HTTP localhost must still be able to keep it).
 */
const cookieOptions = (req: Request) => ({ httpOnly: true, sameSite: 'strict' as const, path: DEV_MAILBOX_PATH, secure: req.secure });

/** The mailbox cookie's value, if the request carries one (no cookie parser is mounted for the api's JSON calls). */
const cookieToken = (req: Request) => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === DEV_MAILBOX_COOKIE) {
      const value = part.slice(at + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
};

/** The account behind a staff session token, checked as passport.ts checks a bearer token; anything else is no caller. */
const staffCallerOf = async (dataSource: DataSource, jwtSecret: string, token: string): Promise<Caller | undefined> => {
  const claims = verifySessionToken(jwtSecret, token);
  // Only a full staff session: the narrower kinds (booking, form, login link) are enduser tokens anyway.
  if (!claims || kindOfClaims(claims) !== 'staff session') return undefined;
  return loadCaller(dataSource, claims);
};

/** The caller the mailbox cookie stands for, when the request has none from its Authorization header. */
export const callerFromCookie = async (services: Services, req: Request) => {
  const token = cookieToken(req);
  return token ? staffCallerOf(services.dataSource, services.config.jwtSecret, token) : undefined;
};

export const hasMailboxCookie = (req: Request) => !!cookieToken(req);

export type SignInResult = { ok: true } | { ok: false; status: number; message: string; retryAfterSeconds?: number };

/**
 * Checks the credentials exactly as staff login does, by running its action (its input check, rate
 * limits, password check and 'Invalid email or password'), then keeps the session in the cookie only
 * for a root Admin. `isRootAdmin` is passed in to keep the one rule in dev-mailbox.ts.
 */
export const signIn = async (services: Services, req: Request, res: Response, refusal: (caller: Caller | undefined) => { status: number; message: string } | undefined): Promise<SignInResult> => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  try {
    const input = parseInput(userLogin.input, { email: body.email, password: body.password });
    const { authToken } = (await userLogin.handler({ services, req, caller: undefined as never }, input)) as { authToken: string };
    const refused = refusal(await staffCallerOf(services.dataSource, services.config.jwtSecret, authToken));
    if (refused) return { ok: false, ...refused };
    res.cookie(DEV_MAILBOX_COOKIE, authToken, { ...cookieOptions(req), maxAge: services.config.sessionSeconds * 1000 });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    return { ok: false, status: error.status, message: error.message, ...(typeof retryAfter === 'number' ? { retryAfterSeconds: retryAfter } : {}) };
  }
};

export const signOut = (req: Request, res: Response) => res.clearCookie(DEV_MAILBOX_COOKIE, cookieOptions(req));
