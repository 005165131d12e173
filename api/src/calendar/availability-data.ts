import type { EntityManager } from 'typeorm';
import type { AvailabilityUser, BusyInterval, WeeklyWindow } from './availability';

/**
 * What availability is computed from, read in three queries whatever the number of users.
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
export const loadAvailabilityUsers = async (manager: EntityManager, businessId: string, userIds?: string[]): Promise<AvailabilityUser[]> => {
  const users: { _id: string; timezone: string | null; weeklyAvailabilities: unknown; credentialedStates: unknown }[] = await manager.query(
    `SELECT u._id, u.timezone, u."weeklyAvailabilities", u."credentialedStates" FROM users u
      WHERE u."businessId" = $1 AND ($2::text[] IS NULL OR u._id = ANY($2::text[]))`,
    [businessId, userIds ?? null],
  );
  if (users.length === 0) return [];
  const blocks: (WeeklyWindow & { entityId: string })[] = await manager.query(
    `SELECT "entityId", "dayOfWeekStartingSundayIndexedByZero", "startTimeInMinutes", "endTimeInMinutes", active FROM availability_blocks
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
        active: block.active === null ? undefined : block.active,
      },
    ]);
  }
  return users
    .map((user) => ({
      id: user._id,
      timezone: user.timezone ?? undefined,
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

/** The organization's time zone, for users without their own. */
export const loadBusinessTimezone = async (manager: EntityManager, businessId: string): Promise<string | undefined> => {
  const [row]: { timezone: string | null }[] = await manager.query(`SELECT timezone FROM organizations WHERE _id = $1`, [businessId]);
  return row?.timezone ?? undefined;
};
