import { calendar_events, endusers, validators as v } from '@carelane/db';
import { MAX_LIMIT, type UserCaller } from '@carelane/engine';
import { defineAction, JsonAnswer, type Services } from '../action';
import { Optional, S } from '../input';

class EventsForUserInput {
  @Optional(v.id, S.id)
  userId?: string;

  @Optional(v.listOf(v.id), S.listOf(S.id))
  userIds?: string[];

  @Optional(v.date, S.date)
  from?: Date;

  @Optional(v.date, S.date)
  to?: Date;

  @Optional(v.date, S.date)
  endsAfter?: Date;

  @Optional(v.number(1, Number.MAX_SAFE_INTEGER), S.number(1, Number.MAX_SAFE_INTEGER))
  limit?: number;

  @Optional(v.boolean, S.boolean)
  withPatients?: boolean;
}

type Row = Record<string, unknown>;

/** The patients attending `events`, as the list call answers those the caller may see (none if they may see no patients). */
const attendingPatientsJson = (services: Services, caller: UserCaller, events: Row[]) => {
  const ids = [...new Set(events.flatMap((event) => (Array.isArray(event.attendees) ? (event.attendees as Row[]) : []).filter((a) => a.type === 'enduser' && typeof a.id === 'string').map((a) => a.id as string)))];
  return services.engine.getByIdsJson(endusers, caller, ids).catch(() => '[]');
};

/**
 * GET /events-for-user { userId?, userIds?, from?, to?, endsAfter?, limit?, withPatients? } (staff) answers { events }:
 * events the users attend (default: the caller) starting within [from, to] (and, with endsAfter,
 * still going on after it: a calendar asks from a day early for what runs into its first day; an
 * event lasts at least a minute), earliest first, at most `limit` (1000). The ids are found with one
 * query of the staff attendance the database keeps beside the events
 * (db/src/internal/calendar-staff-attendance.ts); the records are then read through the engine, so
 * what the caller may not see stays hidden. withPatients adds { patients }: the attending patients
 * the caller may see, as the list call answers them, so a calendar names them without a second request
 * (bench:scale's week of 20 staff).
 */
export const eventsForUser = defineAction({
  method: 'get',
  path: '/events-for-user',
  auth: 'user',
  input: EventsForUserInput,
  handler: async ({ services, caller }, input) => {
    const userId = input.userId;
    const userIds = [...new Set([...(userId ? [userId] : []), ...(input.userIds ?? [])])];
    const from = input.from?.getTime() ?? 0;
    const to = input.to?.getTime() ?? Number.MAX_SAFE_INTEGER;
    const endsAfter = input.endsAfter?.getTime() ?? -1;
    const limit = Math.min(input.limit ?? MAX_LIMIT, MAX_LIMIT);
    // raw SQL: an internal table with no generic reads; an index range per staff member rather than every event of the range and its jsonb attendees (bench:scale's week of 20 staff).
    const rows: { eventId: string }[] = await services.dataSource.query(
      `SELECT DISTINCT "startTimeInMS", "eventId" FROM calendar_staff_attendance
        WHERE "businessId" = $1 AND "userId" = ANY($2::text[]) AND "startTimeInMS" >= $3 AND "startTimeInMS" <= $4 AND "endTimeInMS" > $5
        ORDER BY "startTimeInMS" ASC, "eventId" ASC LIMIT $6`,
      [caller.businessId, userIds.length ? userIds : [caller.id], from, to, endsAfter, limit],
    );
    // As plain records (the list call's JSON): a busy week of twenty staff is a thousand events (bench:scale).
    const events = JSON.parse(await services.engine.getByIdsJson(calendar_events, caller, rows.map((row) => row.eventId))) as Row[];
    const order = new Map(rows.map((row, index) => [row.eventId, index]));
    const sorted = events.sort((a, b) => order.get(a.id as string)! - order.get(b.id as string)!);
    if (!input.withPatients) return { events: sorted };
    return new JsonAnswer(`{"events":${JSON.stringify(sorted)},"patients":${await attendingPatientsJson(services, caller, sorted)}}`);
  },
});
