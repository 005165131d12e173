import { EntitySchema } from 'typeorm';
import { counterFunctionSql, fillCountersSql, type PlacementCounter } from './placement-counters';

/**
 * How many patients carry each tag, per placement (the organizationIds and sharedWithOrganizations a
 * patient carries), kept by PostgreSQL itself as enduser_field_counts is (statement-level triggers on
 * endusers, migration EnduserTagCounts). GET /enduser-tags reads these few rows instead of every
 * patient's tags (2.7 s at a million patients; docs/decisions.md "Tags in use, counted"). A patient
 * counts once per tag it carries, however often the tag is repeated in its list.
 * Internal: no generic routes, no wire shape; the tags call applies the caller's organization scope
 * to the placement columns exactly as to a patient's.
 */
export interface EnduserTagCountRow {
  /** md5 of the business, placement and tag. */
  key: string;
  businessId: string;
  organizationIds: unknown;
  sharedWithOrganizations: unknown;
  tag: string;
  count: string;
}

export const ENDUSER_TAG_COUNTS = 'enduser_tag_counts';

export const EnduserTagCountEntity = new EntitySchema<EnduserTagCountRow>({
  name: ENDUSER_TAG_COUNTS,
  tableName: ENDUSER_TAG_COUNTS,
  columns: {
    key: { type: 'varchar', length: 32, primary: true },
    businessId: { type: 'varchar', length: 24 },
    organizationIds: { type: 'jsonb' },
    sharedWithOrganizations: { type: 'jsonb' },
    tag: { type: 'text' },
    count: { type: 'bigint' },
  },
  indices: [{ name: 'IDX_enduser_tag_counts_business', columns: ['businessId'] }],
});

/**
 * The count changes of `source` (a SELECT of "businessId", orgs, shared, tags and d, +1 or -1 per
 * patient) added to the counters, in key order so two writers lock the rows they share in one order.
 */
const addTagDeltas = (source: string) => `
    INSERT INTO ${ENDUSER_TAG_COUNTS} AS c (key, "businessId", "organizationIds", "sharedWithOrganizations", tag, count)
    SELECT md5(concat_ws(chr(31), r."businessId", r.orgs::text, r.shared::text, t.tag)), r."businessId", r.orgs, r.shared, t.tag, sum(r.d)
      FROM (SELECT "businessId", COALESCE(orgs, '[]'::jsonb) AS orgs, COALESCE(shared, '[]'::jsonb) AS shared, tags, d FROM (${source}) AS s) AS r
      CROSS JOIN LATERAL (
        SELECT DISTINCT e AS tag FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.tags) = 'array' THEN r.tags ELSE '[]'::jsonb END) AS e
      ) AS t
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(r.d) <> 0
     ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET count = c.count + EXCLUDED.count;`;

const TAG_COUNTER: PlacementCounter = { table: ENDUSER_TAG_COUNTS, column: 'tags', addDeltas: addTagDeltas };

/** The trigger function migration EnduserTagCounts installs. */
export const ENDUSER_TAG_COUNTS_FUNCTION = counterFunctionSql(TAG_COUNTER);

/** Counts the patients already stored, as one insert of them all would (the migration, once). */
export const FILL_ENDUSER_TAG_COUNTS = fillCountersSql(TAG_COUNTER);
