/**
 * Counters of patients kept by PostgreSQL per placement (the organizationIds and
 * sharedWithOrganizations a patient carries) and per value of one of their columns: custom fields
 * (enduser-field-counts.ts) and tags (enduser-tag-counts.ts). Statement-level triggers on endusers
 * add what each insert, update or delete changes, once per statement, so an import of thousands is
 * one update of a few counters. Reads sum the counters of the placements a caller's organization
 * scope reaches, exactly as that scope reaches patients.
 */
export interface PlacementCounter {
  /** The counters' table; its trigger function is `<table>_apply`. */
  table: string;
  /** The endusers column counted. */
  column: 'fields' | 'tags';
  /**
   * The statement adding the count changes of `source` (a SELECT of "businessId", orgs, shared, the
   * column and d, +1 or -1 per patient) to the counters, in key order so two writers lock the rows
   * they share in the same order.
   */
  addDeltas: (source: string) => string;
}

const patients = (column: string, rows: string, d: number) => `SELECT "businessId", "organizationIds" AS orgs, "sharedWithOrganizations" AS shared, ${column}, ${d} AS d FROM ${rows}`;

/** The trigger function its migration installs (and each statement-level trigger runs). */
export const counterFunctionSql = ({ table, column, addDeltas }: PlacementCounter) => {
  // An update counts only where the column or the placement changed (a sign-in's lastActive changes neither).
  const changed = `SELECT o."businessId", o."organizationIds" AS o_orgs, o."sharedWithOrganizations" AS o_shared, o.${column} AS o_${column}, n."organizationIds" AS n_orgs, n."sharedWithOrganizations" AS n_shared, n.${column} AS n_${column}
  FROM old_rows o JOIN new_rows n ON n._id = o._id
 WHERE o.${column} IS DISTINCT FROM n.${column} OR o."organizationIds" IS DISTINCT FROM n."organizationIds" OR o."sharedWithOrganizations" IS DISTINCT FROM n."sharedWithOrganizations"`;
  return `
CREATE OR REPLACE FUNCTION ${table}_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN${addDeltas(patients(column, 'new_rows', 1))}
  ELSIF TG_OP = 'DELETE' THEN${addDeltas(patients(column, 'old_rows', -1))}
  ELSIF TG_OP = 'UPDATE' THEN${addDeltas(`SELECT "businessId", o_orgs AS orgs, o_shared AS shared, o_${column} AS ${column}, -1 AS d FROM (${changed}) AS x UNION ALL SELECT "businessId", n_orgs, n_shared, n_${column}, 1 FROM (${changed}) AS y`)}
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ${table};
  END IF;
  RETURN NULL;
END $$;`;
};

/** Counts the patients already stored, as one insert of them all would (the migration, once). */
export const fillCountersSql = ({ column, addDeltas }: PlacementCounter) => addDeltas(patients(column, 'endusers', 1));
