import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { credentialFingerprint } from './one-time-tokens';

/**
 * Session tokens are JWTs carrying the account id, its kind and the account's sessionVersion.
 * Logout, password change and deletion bump sessionVersion or remove the account, so older tokens
 * stop working on their next request even before they expire. A staff token also carries a
 * fingerprint of the roles it was issued for: any change of roles ends the session, so a token
 * never keeps access its account no longer has.
 */
export interface TokenClaims {
  sub: string;
  type: 'user' | 'enduser';
  businessId: string;
  v: number;
  /** Staff tokens: fingerprint of the account's roles when the token was issued. */
  r?: string;
  /** Public form sessions: the one form response this token may fill. */
  fr?: string;
  /** One-time login links: set, the token is only good for refresh-enduser-session (token-kinds.ts). */
  ll?: 1;
  /** One-time login links: fingerprint of the credentials when mailed, so a password set since ends the link. */
  lf?: string;
  /** Public appointment booking sessions: set, the token opens only the booking calls (token-kinds.ts). */
  bk?: 1;
  /** MFA-pending sessions: set, the token opens only the second-factor calls (token-kinds.ts). */
  mf?: 1;
}

/** Short, order-independent fingerprint of a list of roles. */
export const rolesFingerprint = (roles: unknown) => {
  const list = Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string').sort() : [];
  return createHash('sha256').update(JSON.stringify(list)).digest('base64url').slice(0, 16);
};

const keys = new Map<string, KeyObject>();

/**
 * The HMAC key for a secret, made once: given a string, jsonwebtoken first tries (and fails) to read
 * it as a public key on every call, which cost more than the rest of token handling together.
 */
export const signingKey = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return key;
};

/**
 * Each token gets a random id, so a refreshed session always differs from the one it replaces. The
 * lifetime is whole seconds (jsonwebtoken throws on a fraction, and a caller's durationInSeconds may
 * carry one): a fraction is dropped.
 */
export const signSessionToken = (secret: string, claims: TokenClaims, expiresInSeconds: number) =>
  jwt.sign(claims, signingKey(secret), { expiresIn: Math.floor(expiresInSeconds), algorithm: 'HS256', jwtid: randomBytes(8).toString('hex') });

/** Verifies signature and expiry only; whether the account still accepts the token is passport.ts's job. */
export const verifySessionToken = (secret: string, token: string): TokenClaims | undefined => {
  try {
    const claims = jwt.verify(token, signingKey(secret), { algorithms: ['HS256'] });
    if (typeof claims !== 'object' || claims === null) return undefined;
    const { sub, type, businessId, v } = claims as Partial<TokenClaims>;
    if (typeof sub !== 'string' || (type !== 'user' && type !== 'enduser') || typeof businessId !== 'string' || typeof v !== 'number') return undefined;
    return claims as TokenClaims;
  } catch {
    return undefined;
  }
};

export interface SessionSettings {
  jwtSecret: string;
  sessionSeconds: number;
}

/** A staff session for a stored users row. */
export const issueUserToken = (config: SessionSettings, row: Record<string, unknown>, expiresInSeconds?: number) =>
  signSessionToken(
    config.jwtSecret,
    { sub: row._id as string, type: 'user', businessId: row.businessId as string, v: Number(row.sessionVersion ?? 0), r: rolesFingerprint(row.roles) },
    expiresInSeconds ?? config.sessionSeconds,
  );

/** An enduser session for a stored endusers row. */
export const issueEnduserToken = (config: SessionSettings, row: Record<string, unknown>, expiresInSeconds?: number) =>
  signSessionToken(
    config.jwtSecret,
    { sub: row._id as string, type: 'enduser', businessId: row.businessId as string, v: Number(row.sessionVersion ?? 0) },
    expiresInSeconds ?? config.sessionSeconds,
  );

/** Whether a stored account still accepts a token carrying these claims. */
export const accountAcceptsToken = (record: Record<string, unknown>, claims: TokenClaims) => {
  if (Number(record.sessionVersion ?? 0) !== claims.v) return false;
  if (claims.type === 'user' && claims.r !== rolesFingerprint(record.roles)) return false;
  if (claims.ll && claims.lf !== credentialFingerprint(record)) return false;
  return true;
};

/** Update value that ends every token of an account (NULL counts as version 0). */
export const NEXT_SESSION_VERSION = () => 'COALESCE("sessionVersion", 0) + 1';

/** A public form session: an enduser token limited to one form response, for a day. */
export const FORM_SESSION_SECONDS = 24 * 60 * 60;
export const issueFormSessionToken = (config: SessionSettings, row: Record<string, unknown>, formResponseId: string) =>
  signSessionToken(
    config.jwtSecret,
    { sub: row._id as string, type: 'enduser', businessId: row.businessId as string, v: Number(row.sessionVersion ?? 0), fr: formResponseId },
    FORM_SESSION_SECONDS,
  );

/** How long a mailed login link works. */
export const LOGIN_LINK_SECONDS = 15 * 60;

/**
 * The token of a one-time login link for an enduser without a password. It is accepted only by
 * refresh-enduser-session, which ends it (sessionVersion) and answers an ordinary session; a password
 * set in the meantime ends it too.
 */
export const issueLoginLinkToken = (config: SessionSettings, row: Record<string, unknown>) =>
  signSessionToken(
    config.jwtSecret,
    { sub: row._id as string, type: 'enduser', businessId: row.businessId as string, v: Number(row.sessionVersion ?? 0), ll: 1, lf: credentialFingerprint(row) },
    LOGIN_LINK_SECONDS,
  );

/** A public appointment booking session: an enduser token good only for the booking calls, for a day. */
export const BOOKING_SESSION_SECONDS = 24 * 60 * 60;
export const issueBookingSessionToken = (config: SessionSettings, row: Record<string, unknown>) =>
  signSessionToken(
    config.jwtSecret,
    { sub: row._id as string, type: 'enduser', businessId: row.businessId as string, v: Number(row.sessionVersion ?? 0), bk: 1 },
    BOOKING_SESSION_SECONDS,
  );

/** How long a password sign-in waits for its second factor (a challenge's code lives 10 minutes; a new one may be asked for). */
export const MFA_PENDING_SECONDS = 30 * 60;

/**
 * The answer to a password sign-in whose account asks for a second factor: a token of the account,
 * good only for the second-factor calls (token-kinds.ts), for half an hour.
 */
export const issueMfaPendingToken = (config: SessionSettings, type: TokenClaims['type'], row: Record<string, unknown>) =>
  signSessionToken(
    config.jwtSecret,
    {
      sub: row._id as string,
      type,
      businessId: row.businessId as string,
      v: Number(row.sessionVersion ?? 0),
      ...(type === 'user' ? { r: rolesFingerprint(row.roles) } : {}),
      mf: 1,
    },
    MFA_PENDING_SECONDS,
  );
