import * as v from '../validation/validators';
import { defineResource, field } from './define';

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
    verifiedEmail: field.server('boolean'),
    disableIncomingPhoneCalls: field.boolean(),
    skills: field.strings({ max: 100 }),
    notificationPreferences: field.json(v.jsonObject()),
    autoReplyEnabled: field.boolean(),
    pushNotificationIosTokens: field.strings(),
    credentialedStates: field.json(v.listOf(v.objectOf({ state: v.required(v.string(100)), expiresAt: v.optional(v.date) }))),
    weeklyAvailabilities: field.json(
      v.listOf(
        v.objectOf({
          dayOfWeekStartingSundayIndexedByZero: v.required(v.number(0, 6)),
          startTimeInMinutes: v.required(v.number(0, 1440)),
          endTimeInMinutes: v.required(v.number(0, 1440)),
          locationId: v.optional(v.id),
          active: v.optional(v.boolean),
        }),
      ),
    ),
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
  // Create and delete are Admin-only, updates of others' profiles and of roles too (api/src/resources/access.ts).
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { email: 'staff.member@example.com', fname: 'Sam', lname: 'Staff' },
});
