import { calendar_events, validators as v } from '@carelane/db';
import { MAX_LIMIT } from '../../resources/query';
import { defineAction } from '../action';
import { optionalField } from '../messaging/input';

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
  handler: async ({ services, caller }, input) => {
    const userId = optionalField(input, 'userId', v.id);
    const userIds = [...new Set([...(userId ? [userId] : []), ...(optionalField(input, 'userIds', v.listOf(v.id)) ?? [])])];
    const from = optionalField(input, 'from', v.date)?.getTime() ?? 0;
    const to = optionalField(input, 'to', v.date)?.getTime() ?? Number.MAX_SAFE_INTEGER;
    const limit = Math.min(optionalField(input, 'limit', v.number(1, Number.MAX_SAFE_INTEGER)) ?? MAX_LIMIT, MAX_LIMIT);
    // raw SQL: attendance is a jsonb containment the list filters do not express; scoped to the business.
    const rows: { _id: string }[] = await services.dataSource.query(
      `SELECT e._id FROM calendar_events e
        WHERE e."businessId" = $1 AND e."startTimeInMS" >= $3 AND e."startTimeInMS" <= $4
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(e.attendees) = 'array' THEN e.attendees ELSE '[]'::jsonb END) a
                       WHERE a->>'type' = 'user' AND a->>'id' = ANY($2::text[]))
        ORDER BY e."startTimeInMS" ASC, e._id ASC LIMIT $5`,
      [caller.businessId, userIds.length ? userIds : [caller.id], from, to, limit],
    );
    const events = await services.engine.getByIds(calendar_events, caller, rows.map((row) => row._id));
    const order = new Map(rows.map((row, index) => [row._id, index]));
    return { events: events.sort((a, b) => order.get(a.id as string)! - order.get(b.id as string)!) };
  },
});
