import { calendar_events, validators as v } from '@carelane/db';
import { MAX_LIMIT } from '@carelane/engine';
import { defineAction } from '../action';
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

  @Optional(v.number(1, Number.MAX_SAFE_INTEGER), S.number(1, Number.MAX_SAFE_INTEGER))
  limit?: number;
}

/**
 * GET /events-for-user { userId?, userIds?, from?, to?, limit? } (staff) answers { events }: events the
 * users attend (default: the caller) starting within [from, to], earliest first, at most `limit`
 * (1000). The ids are found with one query; the records are then read through the engine, so what the
 * caller may not see stays hidden.
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
    const limit = Math.min(input.limit ?? MAX_LIMIT, MAX_LIMIT);
    // raw SQL: attendance is a jsonb containment the list filters do not express; scoped to the business.
    const rows: { _id: string }[] = await services.dataSource.query(
      `SELECT e._id FROM calendar_events e
        WHERE e."businessId" = $1 AND e."startTimeInMS" >= $3 AND e."startTimeInMS" <= $4
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(e.attendees) = 'array' THEN e.attendees ELSE '[]'::jsonb END) a
                       WHERE a->>'type' = 'user' AND a->>'id' = ANY($2::text[]))
        ORDER BY e."startTimeInMS" ASC, e._id ASC LIMIT $5`,
      [caller.businessId, userIds.length ? userIds : [caller.id], from, to, limit],
    );
    // As plain records (the list call's JSON): a busy week of twenty staff is a thousand events (bench:scale).
    const events = JSON.parse(await services.engine.getByIdsJson(calendar_events, caller, rows.map((row) => row._id))) as Record<string, unknown>[];
    const order = new Map(rows.map((row, index) => [row._id, index]));
    return { events: events.sort((a, b) => order.get(a.id as string)! - order.get(b.id as string)!) };
  },
});
