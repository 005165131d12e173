import type { EntityManager } from 'typeorm';
import type { AvailabilityUser, BusyInterval, WeeklyWindow } from './availability';
import { nearestOrganizationZone } from './hours-zone';
import type { ActiveSetting } from './active-span';

/**
 * What availability is computed from, read in four queries whatever the number of users.
 *
 * raw SQL throughout: the callers are mostly endusers, who may not read users, availability blocks or
 * other patients' events through the engine; only the fields availability needs are selected, every
 * query is scoped to the caller's business, and nothing read here is returned beyond slot times.
 */

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/**
 * The staff who may be booked: `userIds` when given, else every user of the business with some
 * weekly availability or availability block (docs/decisions.md: nothing else links a user to an
 * appointment type).
 */
export type LoadedAvailabilityUser = AvailabilityUser & { organizationIds: string[] };

export const loadAvailabilityUsers = async (manager: EntityManager, businessId: string, userIds?: string[]): Promise<LoadedAvailabilityUser[]> => {
  // raw SQL: availability reads a few columns of many staff members at once for any caller, the public booking page included; scoped to the business by hand.
  const users: { _id: string; timezone: string | null; organizationIds: unknown; weeklyAvailabilities: unknown; credentialedStates: unknown }[] = await manager.query(
    `SELECT u._id, u.timezone, u."organizationIds", u."weeklyAvailabilities", u."credentialedStates" FROM users u
      WHERE u."businessId" = $1 AND ($2::text[] IS NULL OR u._id = ANY($2::text[]))`,
    [businessId, userIds ?? null],
  );
  if (users.length === 0) return [];
  // raw SQL: every availability block of those staff members in one query; scoped to the business by hand.
  const blocks: (WeeklyWindow & { entityId: string })[] = await manager.query(
    `SELECT "entityId", "dayOfWeekStartingSundayIndexedByZero", "startTimeInMinutes", "endTimeInMinutes", active, date, unavailable FROM availability_blocks
      WHERE "businessId" = $1 AND entity = 'user' AND "entityId" = ANY($2::text[])`,
    [businessId, users.map((user) => user._id)],
  );
  const blocksByUser = new Map<string, WeeklyWindow[]>();
  for (const block of blocks) {
    blocksByUser.set(block.entityId, [
      ...(blocksByUser.get(block.entityId) ?? []),
      {
        dayOfWeekStartingSundayIndexedByZero: Number(block.dayOfWeekStartingSundayIndexedByZero),
        startTimeInMinutes: Number(block.startTimeInMinutes),
        endTimeInMinutes: Number(block.endTimeInMinutes),
        active: block.active === null ? undefined : (block.active as ActiveSetting),
        date: block.date ?? undefined,
        unavailable: block.unavailable === true,
      },
    ]);
  }
  return users
    .map((user) => ({
      id: user._id,
      timezone: user.timezone ?? undefined,
      organizationIds: asArray<string>(user.organizationIds),
      weeklyAvailabilities: asArray<WeeklyWindow>(user.weeklyAvailabilities),
      blocks: blocksByUser.get(user._id) ?? [],
      credentialedStates: asArray<{ state: string; expiresAt?: string }>(user.credentialedStates),
    }))
    .filter((user) => userIds !== undefined || user.weeklyAvailabilities.length > 0 || user.blocks.length > 0);
};

/**
 * Busy time of these users between `from` and `to`: events they attend that are neither cancelled nor
 * rescheduled (`exceptEventId`: the event being rescheduled does not block its own new time).
 */
export const loadBusyIntervals = async (
  manager: EntityManager,
  businessId: string,
  userIds: string[],
  from: number,
  to: number,
  exceptEventId?: string,
): Promise<BusyInterval[]> => {
  if (userIds.length === 0) return [];
  // raw SQL: the busy intervals of many staff members in one query over their events' attendees; scoped to the business by hand.
  const rows: { userId: string; startTimeInMS: string | number; durationInMinutes: string | number }[] = await manager.query(
    `SELECT attendee->>'id' AS "userId", e."startTimeInMS", e."durationInMinutes" FROM calendar_events e
       CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.attendees) = 'array' THEN e.attendees ELSE '[]'::jsonb END) AS attendee
      WHERE e."businessId" = $1 AND e."cancelledAt" IS NULL AND e."rescheduledAt" IS NULL
        AND e."startTimeInMS" < $4 AND e."startTimeInMS" + COALESCE(e."durationInMinutes", 0) * 60000 > $3
        AND attendee->>'type' = 'user' AND attendee->>'id' = ANY($2::text[])
        AND ($5::text IS NULL OR e._id <> $5::text)`,
    [businessId, userIds, from, to, exceptEventId ?? null],
  );
  return rows.map((row) => ({ userId: row.userId, startTimeInMS: Number(row.startTimeInMS), durationInMinutes: Number(row.durationInMinutes) }));
};

/**
 * The zones the users' hours may be read on (hours-zone.ts): the business root's (answered as
 * defaultTimezone), each user's organization's (set on the user as organizationTimezone: their own,
 * else the nearest above it with one), and those of the locations their hours name. One query.
 */
export const loadHoursZones = async (manager: EntityManager, businessId: string, users: LoadedAvailabilityUser[]) => {
  const organizationIds = [...new Set(users.flatMap((user) => user.organizationIds))];
  const locationIds = [...new Set(users.flatMap((user) => (user.weeklyAvailabilities ?? []).map((w) => w.locationId).filter((id): id is string => typeof id === 'string')))];
  // raw SQL: the time zones of the organizations and locations those hours name, in one query; scoped to the business by hand.
  const rows: { kind: 'organization' | 'location'; _id: string; timezone: string | null }[] = await manager.query(
    `SELECT 'organization' AS kind, _id, timezone FROM organizations WHERE "businessId" = $1 AND (_id = $1 OR _id = ANY($2::text[]))
     UNION ALL
     SELECT 'location' AS kind, _id, timezone FROM appointment_locations WHERE "businessId" = $1 AND _id = ANY($3::text[])`,
    [businessId, organizationIds, locationIds],
  );
  const organizations = new Map<string, string | undefined>();
  const locationTimezones: Record<string, string | undefined> = {};
  for (const row of rows) {
    if (row.kind === 'organization') organizations.set(row._id, row.timezone ?? undefined);
    else locationTimezones[row._id] = row.timezone ?? undefined;
  }
  for (const user of users) user.organizationTimezone = nearestOrganizationZone(user.organizationIds, organizations);
  return { defaultTimezone: organizations.get(businessId), locationTimezones };
};
