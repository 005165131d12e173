import { users, serialize } from '@carelane/db';
import { findAccount } from '../../auth/account-lookup';
import { isAdmin } from '../../auth/caller';
import { issueEnduserToken, issueUserToken } from '../../auth/tokens';
import { ApiError, notFound } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { enduserSessionInfo } from '../endusers/enduser-session';
import { defineAction } from '../action';
import { AccountIdentifiersInput } from './account-identifiers';

export const NO_ACCOUNT = 'Could not find a corresponding user or enduser';

/**
 * GET /generate-auth-token (Admin only): a session token for a user or an enduser of the caller's
 * business, found by id, externalId, email or phone (staff accounts first). For integrating another
 * sign-in system; the token is as good as a password login, so only Admins may mint one.
 */
export const generateAuthToken = defineAction({
  method: 'get',
  path: '/generate-auth-token',
  auth: 'user',
  input: AccountIdentifiersInput,
  authorize: ({ caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  },
  handler: async ({ services, caller }, ids) => {
    const user = await findAccount(services.dataSource, 'users', caller, ids);
    if (user) return { authToken: issueUserToken(services.config, user, ids.durationInSeconds), user: serialize(users, user) };
    const enduser = await findAccount(services.dataSource, 'endusers', caller, ids);
    if (!enduser) throw notFound(NO_ACCOUNT);
    return { authToken: issueEnduserToken(services.config, enduser, ids.durationInSeconds), enduser: enduserSessionInfo(enduser) };
  },
});
