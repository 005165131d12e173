import { IsBoolean, IsOptional } from 'class-validator';
import { endusers, validators } from '@carelane/db';
import { visibleTo } from '../../auth/account-lookup';
import { loadCaller } from '../../auth/passport';
import { NEXT_SESSION_VERSION, verifySessionToken } from '../../auth/tokens';
import { badRequest, unauthenticated } from '../../errors';
import { defineAction } from '../action';
import { NoInput, Optional, Required, S } from '../input';
import { enduserSessionInfo, issueEnduserToken } from './enduser-session';
import { pendingSecondFactor } from './pending-second-factor';

/** GET /enduser-session-info: who the enduser token belongs to. */
export const enduserSessionInfoCall = defineAction({
  method: 'get',
  path: '/enduser-session-info',
  auth: 'enduser',
  input: NoInput,
  handler: async ({ caller }) => ({ enduser: enduserSessionInfo(caller.record) }),
});

/** POST /logout-enduser: bumps the session version, so this and every other token of the enduser stops working. */
export const logoutEnduser = defineAction({
  method: 'post',
  path: '/logout-enduser',
  auth: 'enduser',
  input: NoInput,
  handler: async ({ services, caller }) => {
    await services.engine.touch(endusers, caller, caller.id, { sessionVersion: NEXT_SESSION_VERSION, lastLogout: new Date() });
    return {};
  },
});

class RefreshInput {
  @IsOptional()
  @IsBoolean({ message: 'Invalid boolean' })
  invalidatePreviousToken?: boolean;
}

/**
 * POST /refresh-enduser-session: a new token and the enduser's session info. It is also where a
 * mailed login link's token is traded for a session: that ends the link (and the account's earlier
 * sessions), so a link works once.
 */
export const refreshEnduserSession = defineAction({
  method: 'post',
  path: '/refresh-enduser-session',
  auth: 'enduser',
  formSession: true,
  input: RefreshInput,
  handler: async ({ services, caller, req }, input) => {
    // A public form or booking session stays what it is: the same token back (its lifetime is not
    // extended) and nothing about the account behind it, which the person filling in may not own.
    if (caller.formResponseId || caller.bookingOnly) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token) throw unauthenticated();
      return { authToken: token, enduser: { id: caller.id, businessId: caller.businessId } };
    }
    if (input.invalidatePreviousToken || caller.loginLink) {
      const changes: Record<string, unknown> = { sessionVersion: NEXT_SESSION_VERSION };
      if (caller.loginLink) changes.lastActive = new Date();
      // Conditional on the version the token carried, so two exchanges of one link cannot both succeed.
      const written = await services.engine.touch(endusers, caller, caller.id, changes, {
        sql: 'COALESCE(record."sessionVersion", 0) = :version',
        params: { version: Number(caller.record.sessionVersion ?? 0) },
      });
      if (!written) throw unauthenticated();
    }
    const [row] = await services.engine.rows(endusers, caller, { filter: { _id: caller.id }, limit: 1 });
    if (!row) throw unauthenticated();
    // A login link is a first factor only: it is ended above, and the code step follows when asked for.
    if (caller.loginLink) {
      const pending = await pendingSecondFactor(services, row);
      if (pending) return pending;
    }
    return { authToken: issueEnduserToken(services.config, row), enduser: enduserSessionInfo(row) };
  },
});

/** Anything but a non-empty string counts as no token. */
const tokenText = (value: unknown) => {
  if (typeof value === 'string') return value;
  throw badRequest('Value not provided for required field: authToken', { field: 'authToken' });
};

class IsAuthenticatedInput {
  @Required(tokenText, { type: 'string', minLength: 1 }, { emptyIsAbsent: true })
  authToken!: string;

  @Optional(validators.id, S.id, { emptyIsAbsent: true })
  id?: string;
}

/**
 * GET /enduser-is-authenticated?authToken=…[&id=…]: whether an enduser token of the caller's business
 * is currently accepted (signature, expiry, logout, deletion), optionally for a given enduser id.
 */
export const enduserIsAuthenticated = defineAction({
  method: 'get',
  path: '/enduser-is-authenticated',
  auth: 'user',
  input: IsAuthenticatedInput,
  handler: async ({ services, caller }, input) => {
    const claims = verifySessionToken(services.config.jwtSecret, input.authToken);
    const matches = claims?.type === 'enduser' && !claims.ll && claims.businessId === caller.businessId && (!input.id || claims.sub === String(input.id).toLowerCase());
    const enduser = matches ? await loadCaller(services.dataSource, claims) : undefined;
    if (!enduser || !(await visibleTo(services.dataSource, 'endusers', caller, enduser.id))) return { isAuthenticated: false, enduser: null };
    return { isAuthenticated: true, enduser: enduserSessionInfo(enduser.record) };
  },
});
