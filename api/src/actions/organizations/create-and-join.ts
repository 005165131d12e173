import { organizations, users, serialize } from '@carelane/db';
import { memberPath } from '../../auth/invitations';
import { issueUserToken } from '../../auth/tokens';
import { badRequest, unauthenticated } from '../../errors';
import { defineAction } from '../action';
import { insertSubOrganization, NewOrganizationInput, requireAdmin } from './sub-organization';

export const LAST_ADMIN = 'Add another Admin to this organization before leaving it';

/**
 * POST /organizations/create-and-join { name, subdomain } → { authToken, organization, user } (Admin
 * only): creates a sub-organization of the caller's current organization, owned by the caller, and
 * moves the caller into it as its Admin. The parent's Admins keep seeing it (and everything in it);
 * the caller now sees only the new organization and what lies below. An organization is never left
 * without an Admin: its last one is refused. The move ends the caller's other sessions; the answer
 * carries the new session.
 */
export const createAndJoinOrganization = defineAction({
  method: 'post',
  path: '/organizations/create-and-join',
  auth: 'user',
  input: NewOrganizationInput,
  authorize: requireAdmin,
  handler: async ({ services, caller }, { name, subdomain }) => {
    const { organization, user } = await services.engine.transaction(async (tx) => {
      const { manager } = tx;
      // raw SQL: the repository for the statements below, each explained where it is used.
      const repository = manager.getRepository('users');
      // Serialise moves out of one organization, so two Admins leaving together cannot both go.
      // raw SQL: an advisory lock is not a query on records.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`admins:${caller.businessId}:${JSON.stringify(caller.organizationIds)}`]);
      // raw SQL: exact equality of organization paths (the engine's filters test containment), across staff the caller's role may not list.
      const otherAdmins = await repository
        .createQueryBuilder('record')
        .where('record."businessId" = :businessId AND record._id <> :id', { businessId: caller.businessId, id: caller.id })
        .andWhere(`COALESCE(record."organizationIds", '[]'::jsonb) = CAST(:path AS jsonb)`, { path: JSON.stringify(caller.organizationIds) })
        .andWhere(`COALESCE(record.roles @> '["Admin"]'::jsonb, FALSE)`)
        .getCount();
      if (otherAdmins === 0) throw badRequest(LAST_ADMIN);
      const organization = await insertSubOrganization(tx, caller, name, subdomain, { owner: caller.id });
      // raw SQL: moving oneself into a new organization changes organizationIds, which no update through the engine may (users' organizationIds are readonly).
      const current = await repository.findOne({ where: { _id: caller.id, businessId: caller.businessId }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw unauthenticated();
      const changes = { organizationIds: memberPath(organization), sessionVersion: Number(current.sessionVersion ?? 0) + 1, updatedAt: new Date() };
      await repository.update({ _id: caller.id, businessId: caller.businessId }, changes);
      return { organization, user: { ...current, ...changes } as Record<string, unknown> };
    });
    return { authToken: issueUserToken(services.config, user), organization: serialize(organizations, organization), user: serialize(users, user) };
  },
});
