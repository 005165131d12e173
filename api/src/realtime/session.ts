import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/caller';
import { looksLikeApiKey } from '../auth/api-keys';
import { loadCaller } from '../auth/passport';
import { kindOfClaims, opensSocket, type SocketChannel, type TokenKindName } from '../auth/token-kinds';
import { verifySessionToken, type TokenClaims } from '../auth/tokens';

export interface RealtimeSession {
  caller: Caller;
  claims: TokenClaims & { exp?: number };
}

/**
 * The caller behind a socket's token, checked exactly as an HTTP call's Bearer token is (signature,
 * expiry, account still accepting it), once its kind is known to open this channel (token-kinds.ts:
 * booking, form-session and login-link tokens and API keys open no socket).
 */
export const authenticateSocketToken = async (dataSource: DataSource, secret: string, token: unknown, channel: SocketChannel): Promise<RealtimeSession | undefined> => {
  if (typeof token !== 'string' || !token.trim()) return undefined;
  const presented = token.replace(/^Bearer\s+/i, '').trim();
  const apiKey = looksLikeApiKey(presented);
  const claims = apiKey ? undefined : verifySessionToken(secret, presented);
  const kind: TokenKindName | undefined = apiKey ? 'API key' : claims && kindOfClaims(claims);
  if (!kind || !opensSocket(kind, channel)) return undefined;
  // Only session tokens get this far: a kind carried in a header would need its own loading here.
  if (!claims) return undefined;
  const caller = await loadCaller(dataSource, claims);
  return caller && { caller, claims };
};

/** Whether the token still works now (logout, password change, role change and deletion end it); the fresh caller if so. */
export const recheckSession = async (dataSource: DataSource, session: RealtimeSession): Promise<Caller | undefined> => {
  if (session.claims.exp !== undefined && session.claims.exp * 1000 <= Date.now()) return undefined;
  return loadCaller(dataSource, session.claims);
};
