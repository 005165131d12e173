/**
 * bench:scale's bare list query: the same 51 patients the api's list answers (a tag, by last activity,
 * newest first), in the order the sort index holds them (db/src/indexes.ts sortKeysSql, nullsLast), so
 * PostgreSQL can walk it. $1 the business, $2 a JSON array of one tag.
 */
export const BARE_LIST_SQL = `SELECT * FROM endusers WHERE "businessId" = $1 AND tags @> $2::jsonb
  ORDER BY ("lastActive" IS NOT NULL) DESC, COALESCE("lastActive", '-infinity'::timestamptz) DESC, _id DESC LIMIT 51`;
