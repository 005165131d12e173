import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/caller';
import { loadCaller } from '../auth/passport';
import { verifySessionToken, type TokenClaims } from '../auth/tokens';

export interface RealtimeSession {
  caller: Caller;
  claims: TokenClaims & { exp?: number };
}

/**
 * The caller behind a socket's token, checked exactly as an HTTP call's Bearer token is (signature,
 * expiry, account still accepting it). A login link's token and a public form session's token open
 * nothing but their one call, so they open no socket either.
 */
export const authenticateSocketToken = async (dataSource: DataSource, secret: string, token: unknown): Promise<RealtimeSession | undefined> => {
  if (typeof token !== 'string' || !token.trim()) return undefined;
  const claims = verifySessionToken(secret, token.replace(/^Bearer\s+/i, '').trim());
  if (!claims) return undefined;
  const caller = await loadCaller(dataSource, claims);
  if (!caller || (caller.type === 'enduser' && (caller.loginLink || caller.formResponseId))) return undefined;
  return { caller, claims };
};

/** Whether the token still works now (logout, password change, role change and deletion end it); the fresh caller if so. */
export const recheckSession = async (dataSource: DataSource, session: RealtimeSession): Promise<Caller | undefined> => {
  if (session.claims.exp !== undefined && session.claims.exp * 1000 <= Date.now()) return undefined;
  return loadCaller(dataSource, session.claims);
};
