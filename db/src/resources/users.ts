import * as v from '../validation/validators';
import { availabilityActive } from '../validation/calendar-validators';
import { defineResource, field } from './define';
import { ACCESS_MESSAGES, refuse } from './policy';
import { usersGuards } from './users-guards';

export const USER_ROLES_ADMIN = 'Admin';

/** Staff members. Passwords are kept only as bcrypt hashes (hashedPassword never leaves the server). */
export const users = defineResource({
  name: 'users',
  fields: {
    email: field.email({ required: true }),
    phone: field.phone(),
    fields: field.json(v.customFields),
    username: field.custom('text', v.username),
    externalId: field.string({ max: 250, indexed: true }),
    fname: field.name(),
    lname: field.name(),
    displayName: field.string({ max: 250, searchable: true }),
    suffixes: field.strings({ max: 100 }),
    organization: field.id(),
    orgEmail: field.email(),
    avatar: field.string({ max: 1000 }),
    timezone: field.string({ max: 100 }),
    accountType: field.string({ max: 100 }),
    roles: field.strings({ max: 100 }),
    acknowledgedIntegrations: field.date(),
    /** Set on create (the reference client's verifiedEmail is updatesDisabled; only Admins create staff), then fixed; the invitation and reset flows set it too. */
    verifiedEmail: field.boolean({ updatable: false }),
    disableIncomingPhoneCalls: field.boolean(),
    skills: field.strings({ max: 100 }),
    notificationPreferences: field.json(v.jsonObject()),
    autoReplyEnabled: field.boolean(),
    pushNotificationIosTokens: field.strings(),
    credentialedStates: field.json(v.listOf(v.objectOf({ state: v.required(v.string(100)), expiresAt: v.optional(v.date) }))),
    weeklyAvailabilities: field.json(
      v.listOf(
        // The reference client's suite sends an availability block's own keys (entity, entityId, index) here too: dropped.
        v.objectOf(
          {
            dayOfWeekStartingSundayIndexedByZero: v.required(v.number(0, 6)),
            startTimeInMinutes: v.required(v.number(0, 1440)),
            endTimeInMinutes: v.required(v.number(0, 1440)),
            locationId: v.optional(v.id),
            active: v.optional(availabilityActive),
          },
          { ignoreUnknown: true },
        ),
      ),
    ),
    /** The second factor the account asks for at password sign-in (the reference client's MFASettings); see docs/contract/access.md#second-factor. */
    mfa: field.json(v.objectOf({ email: v.optional(v.boolean) })),
    /** The pending sign-in code: its hash, expiry and tries (api/src/auth/mfa-challenge.ts). */
    mfaChallenge: field.server('json', { secret: true }),
    /** Hashes of the unused recovery codes configure-mfa answered once. */
    mfaRecoveryCodes: field.server('json', { secret: true }),
    hashedPassword: field.server('text', { secret: true }),
    /** Bumped on logout, password change and role change: tokens carrying an older value stop working. */
    sessionVersion: field.server('number', { secret: true }),
    lastActive: field.server('date'),
    lastLogout: field.server('date'),
    /** The terms of service version accepted, and when: written by users/register, not by clients. */
    termsVersion: field.server('text'),
    termsSigned: field.server('date'),
  },
  // Staff sign in by email alone, so an email belongs to one account across every business.
  globallyUnique: [['email']],
  // Create and delete are Admin-only, updates of others' profiles and of roles too (engine/src/access.ts).
  access: { user: ['create', 'read', 'update', 'delete'] },
  policy: {
    adminOnly: ['create', 'delete'],
    staff: { assigned: { self: true } },
    // Non-admins edit only their own profile, never roles or email; nobody moves a user between organizations here.
    rules: ({ operation, caller, id, existing, payload }) => {
      if (caller.type !== 'user' || operation !== 'update') return;
      if (payload?.organizationIds !== undefined) refuse(400, ACCESS_MESSAGES.userOrganizationIds, 'organizationIds');
      if (caller.admin) return;
      const target = id ?? (existing?._id as string | undefined);
      if (target !== undefined && target !== caller.id) refuse(403, ACCESS_MESSAGES.updateOthers);
      const roles = payload?.roles;
      if (roles !== undefined) refuse(403, Array.isArray(roles) && roles.includes('Admin') ? ACCESS_MESSAGES.assignAdmin : ACCESS_MESSAGES.updateRoles);
      if (payload?.email !== undefined) refuse(403, ACCESS_MESSAGES.updateEmail);
    },
  },
  // The owner and the last root Admin stay (users-guards.ts).
  guards: usersGuards,
  example: { email: 'staff.member@example.com', fname: 'Sam', lname: 'Staff' },
});
