import { refuse, type GuardContext, type WriteGuards } from './policy';

export const USER_DELETION_MESSAGES = {
  owner: 'The organization owner cannot be deleted: transfer ownership first',
  lastAdmin: 'The last Admin of the organization cannot be deleted',
} as const;

export const LAST_ADMIN_DEMOTION = 'The last Admin of the organization cannot lose the Admin role: make another user an Admin first';

/** Only root Admins (no organizationIds) administer the whole business. */
const isRootAdmin = (record: Record<string, unknown>) =>
  Array.isArray(record.roles) && record.roles.includes('Admin') && (!Array.isArray(record.organizationIds) || record.organizationIds.length === 0);

/** Locks the business's organization row, so two Admins removing each other at once cannot both succeed; answers its owner. */
const lockBusiness = async ({ query, businessId }: GuardContext) => {
  // raw SQL: a row lock (FOR UPDATE) the engine's reads do not take.
  const [organization] = (await query(`SELECT owner FROM organizations WHERE _id = $1 FOR UPDATE`, [businessId])) as { owner: string | null }[];
  return organization?.owner ?? null;
};

/** Root Admins of the business other than `id`, counted across staff the caller's role may not list. */
const otherRootAdmins = async ({ query, businessId, id }: GuardContext) => {
  // raw SQL: a count across every staff member of the business, whatever the caller may list.
  const [{ count }] = (await query(
    `SELECT COUNT(*)::int AS count FROM users
      WHERE "businessId" = $1 AND _id <> $2 AND COALESCE(roles @> '["Admin"]'::jsonb, FALSE)
        AND COALESCE(jsonb_array_length(CASE WHEN jsonb_typeof("organizationIds") = 'array' THEN "organizationIds" ELSE '[]'::jsonb END), 0) = 0`,
    [businessId, id],
  )) as { count: number }[];
  return count;
};

/**
 * Staff changes must never leave the business without a way in: the owner cannot be deleted until
 * ownership moves, and the last root Admin can be neither deleted (an Admin deleting itself
 * included) nor demoted. A sub-organization Admin may go.
 */
export const usersGuards: WriteGuards = {
  beforeDelete: async (context) => {
    if ((await lockBusiness(context)) === context.id) refuse(403, USER_DELETION_MESSAGES.owner);
    // raw SQL: the target's roles whatever the caller may read of it, inside the delete's lock.
    const [target] = (await context.query(`SELECT roles, "organizationIds" FROM users WHERE _id = $1 AND "businessId" = $2`, [context.id, context.businessId])) as {
      roles: unknown;
      organizationIds: unknown;
    }[];
    if (!target || !isRootAdmin(target)) return;
    if ((await otherRootAdmins(context)) === 0) refuse(403, USER_DELETION_MESSAGES.lastAdmin);
  },
  beforeUpdate: async (context) => {
    const { changes = {}, existing = {} } = context;
    if (changes.roles === undefined || !isRootAdmin(existing) || isRootAdmin({ ...existing, ...changes })) return;
    await lockBusiness(context);
    if ((await otherRootAdmins({ ...context, id: existing._id as string })) === 0) refuse(400, LAST_ADMIN_DEMOTION, 'roles');
  },
};
