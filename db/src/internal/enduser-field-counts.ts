import { EntitySchema } from 'typeorm';
import { counterFunctionSql, fillCountersSql, type PlacementCounter } from './placement-counters';

/**
 * How many patients hold each value of each custom field (`fields`), per placement (the
 * organizationIds and sharedWithOrganizations a patient carries), kept by PostgreSQL itself:
 * statement-level triggers on endusers add what each insert, update or delete changes, once per
 * statement (migration EnduserFieldCounts). The analytics count of every patient grouped by a field
 * reads these few rows instead of every patient (docs/decisions.md "Counted fields"). The row with
 * field and value '' counts the placement's patients, so those without the field can be told.
 * Internal: no generic routes, no wire shape; the analytics call applies the caller's organization
 * scope to the placement columns exactly as to a patient's.
 */
export interface EnduserFieldCountRow {
  /** md5 of the business, field, placement and value: a value or placement of any length keys one row. */
  key: string;
  businessId: string;
  field: string;
  organizationIds: unknown;
  sharedWithOrganizations: unknown;
  value: string;
  count: string;
}

export const ENDUSER_FIELD_COUNTS = 'enduser_field_counts';

export const EnduserFieldCountEntity = new EntitySchema<EnduserFieldCountRow>({
  name: ENDUSER_FIELD_COUNTS,
  tableName: ENDUSER_FIELD_COUNTS,
  columns: {
    key: { type: 'varchar', length: 32, primary: true },
    businessId: { type: 'varchar', length: 24 },
    field: { type: 'text' },
    organizationIds: { type: 'jsonb' },
    sharedWithOrganizations: { type: 'jsonb' },
    value: { type: 'text' },
    count: { type: 'bigint' },
  },
  indices: [{ name: 'IDX_enduser_field_counts_business_field', columns: ['businessId', 'field'] }],
});

/**
 * The triggers' statement: the count changes of `source` (a SELECT of "businessId", orgs, shared,
 * fields and d, +1 or -1 per patient) added to the counters, in key order so two writers lock the
 * counter rows they share in the same order.
 */
const applyDeltas = (source: string) => `
    INSERT INTO ${ENDUSER_FIELD_COUNTS} AS c (key, "businessId", field, "organizationIds", "sharedWithOrganizations", value, count)
    SELECT md5(concat_ws(chr(31), r."businessId", f.key, r.orgs::text, r.shared::text, f.value)), r."businessId", f.key, r.orgs, r.shared, f.value, sum(r.d)
      FROM (SELECT "businessId", COALESCE(orgs, '[]'::jsonb) AS orgs, COALESCE(shared, '[]'::jsonb) AS shared, fields, d FROM (${source}) AS s) AS r
      CROSS JOIN LATERAL (
        SELECT e.key, e.value FROM jsonb_each_text(CASE WHEN jsonb_typeof(r.fields) = 'object' THEN r.fields ELSE '{}'::jsonb END) AS e
         WHERE e.key <> '' AND e.value IS NOT NULL
        UNION ALL SELECT '', ''
      ) AS f
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(r.d) <> 0
     ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET count = c.count + EXCLUDED.count;`;

const FIELD_COUNTER: PlacementCounter = { table: ENDUSER_FIELD_COUNTS, column: 'fields', addDeltas: applyDeltas };

/** The trigger function migration EnduserFieldCounts installs. */
export const ENDUSER_FIELD_COUNTS_FUNCTION = counterFunctionSql(FIELD_COUNTER);

/** Counts the patients already stored, as one insert of them all would (the migration, once). */
export const FILL_ENDUSER_FIELD_COUNTS = fillCountersSql(FIELD_COUNTER);
