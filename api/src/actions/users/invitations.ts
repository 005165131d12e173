import { newId, organizations, users, validators, serialize } from '@carelane/db';
import { isAdmin, type Caller } from '../../auth/caller';
import { visibleTo } from '../../auth/account-lookup';
import { mailInvitation, mailJoinNotice, memberPath, organizationAt } from '../../auth/invitations';
import { ApiError, conflict, notFound } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { Optional, Required, S } from '../input';
import { defineAction } from '../action';

export const NO_ORGANIZATION = 'Could not find the organization';

const requireAdmin = ({ caller }: { caller: Caller }) => {
  if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
};

class InviteUserInput {
  @Required(validators.email, S.email)
  email!: string;

  @Required(validators.name, S.name)
  fname!: string;

  @Required(validators.name, S.name)
  lname!: string;

  @Required(validators.id, S.id)
  organizationId!: string;

  @Optional(validators.string(100), S.string(100))
  role?: string;

  // '' means no display name.
  @Optional(validators.string(250), S.text(250), { emptyIsAbsent: true })
  internalDisplayName?: string;
}

class InviteExistingUserInput {
  @Required(validators.id, S.id)
  userId!: string;
}

/**
 * POST /invite-user-to-organization { email, fname, lname, organizationId, role?, internalDisplayName }
 * (Admin only): creates the staff account in that organization (the caller's own or one below it)
 * and mails an invitation link to choose a password (users/register). Emails are unique across the
 * platform; a taken one is 'Uniqueness Violation' without saying whose.
 */
export const inviteUserToOrganization = defineAction({
  method: 'post',
  path: '/invite-user-to-organization',
  auth: 'user',
  input: InviteUserInput,
  authorize: requireAdmin,
  handler: async ({ services, caller }, { email, fname, lname, organizationId, role, internalDisplayName: displayName }) => {

    const { row, organization } = await services.engine.transaction(async (tx) => {
      // The organization must be the caller's own or one below it (the engine's organization scope).
      const organization = await tx.row(organizations, caller, { _id: organizationId });
      if (!organization) throw notFound(NO_ORGANIZATION);
      // raw SQL: an advisory lock is not a query on records.
      await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`user-email:${email}`]);
      // raw SQL: staff emails are unique across every business, so this looks beyond the caller's tenant.
      if (await tx.manager.getRepository('users').exists({ where: { email } })) throw conflict();
      const id = newId();
      await tx.createOne(
        users,
        caller,
        { email, fname, lname, roles: [role ?? 'Non-Admin'], ...(displayName ? { displayName } : {}) },
        { verifiedEmail: false, sessionVersion: 0 },
        // No actor: named calls leave no user_logs row, as before.
        { id, organizationIds: memberPath(organization), actor: undefined },
      );
      return { row: (await tx.row(users, caller, { _id: id }))!, organization };
    });
    mailInvitation(services, row, organization);
    return { created: serialize(users, row) };
  },
});

/**
 * POST /invite-existing-user-to-organization { userId } (Admin only): places a staff member the
 * caller's organization sees into the caller's current organization. Someone who has not chosen a
 * password yet gets a fresh invitation link; a registered user gets a notice and signs in again (a
 * move ends their sessions, as a role change does).
 */
export const inviteExistingUserToOrganization = defineAction({
  method: 'post',
  path: '/invite-existing-user-to-organization',
  auth: 'user',
  input: InviteExistingUserInput,
  authorize: requireAdmin,
  handler: async ({ services, caller }, { userId }) => {
    if (!(await visibleTo(services.dataSource, 'users', caller, userId))) throw notFound();
    const { row, organization } = await services.dataSource.transaction(async (manager) => {
      // raw SQL: placing a user in another organization changes organizationIds and the session version, which no engine update takes (users' organizationIds are readonly there).
      const repository = manager.getRepository('users');
      const current = await repository.findOne({ where: { _id: userId, businessId: caller.businessId }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw notFound();
      const path = caller.organizationIds;
      const moved = JSON.stringify(current.organizationIds ?? []) !== JSON.stringify(path);
      const changes: Record<string, unknown> = moved
        ? { organizationIds: path, sessionVersion: Number(current.sessionVersion ?? 0) + 1, updatedAt: new Date() }
        : {};
      if (moved) await repository.update({ _id: userId, businessId: caller.businessId }, changes);
      return { row: { ...current, ...changes } as Record<string, unknown>, organization: await organizationAt(manager, caller.businessId, path) };
    });
    if (row.hashedPassword) mailJoinNotice(services, row, organization);
    else mailInvitation(services, row, organization);
    return {};
  },
});
