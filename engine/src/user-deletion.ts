import type { EntityManager } from 'typeorm';
import { ApiError } from './errors';
import type { Caller } from './caller';

export const USER_DELETION_MESSAGES = {
  owner: 'The organization owner cannot be deleted: transfer ownership first',
  lastAdmin: 'The last Admin of the organization cannot be deleted',
} as const;

/**
 * Deleting a staff account must never leave the business without a way in: the owner cannot be
 * deleted until ownership moves, and the last Admin cannot be deleted (an Admin deleting itself
 * included). Runs inside the delete's transaction with the business's organization row locked, so
 * two Admins deleting each other at once cannot both succeed.
 */
export const assertUserMayBeDeleted = async (manager: EntityManager, caller: Caller, id: string) => {
  const [organization] = (await manager.query(`SELECT owner FROM organizations WHERE _id = $1 FOR UPDATE`, [caller.businessId])) as { owner: string | null }[];
  if (organization?.owner === id) throw new ApiError(403, USER_DELETION_MESSAGES.owner);
  const [target] = (await manager.query(`SELECT roles, "organizationIds" FROM users WHERE _id = $1 AND "businessId" = $2`, [id, caller.businessId])) as {
    roles: unknown;
    organizationIds: unknown;
  }[];
  const isRoot = (organizationIds: unknown) => !Array.isArray(organizationIds) || organizationIds.length === 0;
  // Only root Admins administer the whole business: a sub-organization Admin may go, the last root Admin may not.
  if (!target || !Array.isArray(target.roles) || !target.roles.includes('Admin') || !isRoot(target.organizationIds)) return;
  const [{ count }] = (await manager.query(
    `SELECT COUNT(*)::int AS count FROM users
      WHERE "businessId" = $1 AND _id <> $2 AND COALESCE(roles @> '["Admin"]'::jsonb, FALSE)
        AND COALESCE(jsonb_array_length(CASE WHEN jsonb_typeof("organizationIds") = 'array' THEN "organizationIds" ELSE '[]'::jsonb END), 0) = 0`,
    [caller.businessId, id],
  )) as { count: number }[];
  if (count === 0) throw new ApiError(403, USER_DELETION_MESSAGES.lastAdmin);
};
