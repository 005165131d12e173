import { IsBoolean, IsOptional } from 'class-validator';
import { users, serialize } from '@carelane/db';
import { issueUserToken, NEXT_SESSION_VERSION } from '../../auth/tokens';
import { organizationScope } from '@carelane/engine';
import { unauthenticated } from '../../errors';
import { defineAction } from '../action';
import { NoInput } from '../input';

/** The role that makes a user an admin (an access level, not a care role; docs/contract/access.md#actors). */
const ADMIN_ROLE = 'Admin';

class RefreshInput {
  @IsOptional()
  @IsBoolean({ message: 'Invalid boolean' })
  invalidatePreviousToken?: boolean;
}

/**
 * POST /refresh-session: a new token and the user's current record. With invalidatePreviousToken,
 * every earlier token of the account stops working.
 */
export const refreshSession = defineAction({
  method: 'post',
  path: '/refresh-session',
  auth: 'user',
  input: RefreshInput,
  handler: async ({ services, caller }, input) => {
    if (input.invalidatePreviousToken) await services.engine.touch(users, caller, caller.id, { sessionVersion: NEXT_SESSION_VERSION });
    const [row] = await services.engine.rows(users, caller, { filter: { _id: caller.id }, limit: 1 });
    if (!row) throw unauthenticated();
    return { authToken: issueUserToken(services.config, row), user: serialize(users, row) };
  },
});

/** POST /logout-api (also under /v1): every token of the account stops working on its next request. */
export const logoutApi = defineAction({
  method: 'post',
  path: '/logout-api',
  auth: 'user',
  input: NoInput,
  handler: async ({ services, caller }) => {
    await services.engine.touch(users, caller, caller.id, { sessionVersion: NEXT_SESSION_VERSION, lastLogout: new Date() });
    return {};
  },
});

/**
 * GET /user-display-info: names, avatars and care roles of the staff the caller's organization
 * sees, for endusers and staff alike (chat headers, the portal's care team with its roles). The
 * Admin role is an access level, not a care role, so it never leaves the server; nothing else does.
 */
export const userDisplayInfo = defineAction({
  method: 'get',
  path: '/user-display-info',
  auth: 'any',
  input: NoInput,
  handler: async ({ services, caller }) => {
    // raw SQL: endusers may see staff names and avatars (only those), which no engine read of users grants them.
    const query = services.dataSource
      .getRepository('users')
      .createQueryBuilder('record')
      .select(['record._id', 'record.fname', 'record.lname', 'record.displayName', 'record.avatar', 'record.roles'])
      .where('record."businessId" = :businessId', { businessId: caller.businessId });
    organizationScope(query, users, caller);
    const rows = (await query.orderBy('record._id', 'ASC').take(1000).getMany()) as Record<string, unknown>[];
    return rows.map((row) => {
      const info: Record<string, unknown> = { id: row._id };
      for (const key of ['fname', 'lname', 'displayName', 'avatar']) if (row[key] !== null && row[key] !== undefined) info[key] = row[key];
      const roles = Array.isArray(row.roles) ? row.roles.filter((role): role is string => typeof role === 'string' && role !== ADMIN_ROLE) : [];
      if (roles.length) info.roles = roles;
      return info;
    });
  },
});
