import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { COMMON_COLUMNS, type ColumnKind, type ResourceDefinition, type SecretPart } from '@carelane/db';

/**
 * The wire record (what `serialize` answers: `_id` as `id` first, secrets and empty columns left
 * out) built by PostgreSQL as JSON text, so a read never parses jsonb into objects in Node only to
 * stringify them again (docs/decisions.md "Issue 20"). Values are written exactly as JSON.stringify
 * writes what node-postgres reads: timestamps as UTC ISO strings with milliseconds and 'Z', jsonb as
 * stored (a stored JSON null is left out like an SQL NULL; `null` for a field answeredAsNull),
 * numbers and booleans as JSON.
 */
const COMMON_KINDS: Record<(typeof COMMON_COLUMNS)[number], ColumnKind> = {
  _id: 'id',
  businessId: 'id',
  organizationIds: 'json',
  sharedWithOrganizations: 'json',
  creator: 'id',
  createdAt: 'date',
  updatedAt: 'date',
};

const valueText = (column: string, kind: ColumnKind) => {
  switch (kind) {
    case 'date':
      return `'"' || to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
    case 'json':
      return `NULLIF(${column}::text, 'null')`;
    default:
      return `to_json(${column})::text`;
  }
};

const textArray = (path: readonly string[]) => `ARRAY[${path.map((key) => `'${key.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/**
 * A jsonb column without its secret parts (FieldDefinition.secretParts), as serialize.ts leaves them
 * out: each path removed only where its parent is an object, since `#-` fails on an array or scalar.
 */
const withoutSecretPartsSql = (column: string, parts: readonly SecretPart[]) =>
  parts.reduce(
    (value, { path }) => `(CASE WHEN jsonb_typeof(${value} #> ${textArray(path.slice(0, -1))}) = 'object' THEN ${value} #- ${textArray(path)} ELSE ${value} END)`,
    column,
  );

const expressions = new Map<string, string>();

/** The SQL expression (on alias `record`) whose value is one row's wire record as JSON text. */
export const recordJsonSql = (definition: ResourceDefinition) => {
  let sql = expressions.get(definition.name);
  if (sql) return sql;
  const columns: [string, ColumnKind, boolean, readonly SecretPart[]][] = [
    ...COMMON_COLUMNS.filter((name) => name !== '_id').map((name): [string, ColumnKind, boolean, readonly SecretPart[]] => [name, COMMON_KINDS[name], false, []]),
    ...Object.entries(definition.fields)
      .filter(([, field]) => !field.secret)
      .map(([name, field]): [string, ColumnKind, boolean, readonly SecretPart[]] => [name, field.column, field.answeredAsNull === true, field.column === 'json' ? field.secretParts ?? [] : []]),
  ];
  const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
  // `||` rather than concat(): a resource may have more columns than a function takes arguments.
  const parts = columns.map(([name, kind, answeredAsNull, secretParts]) => {
    const key = `,${JSON.stringify(name)}:`;
    const column = secretParts.length ? withoutSecretPartsSql(`record."${name}"`, secretParts) : `record."${name}"`;
    return `COALESCE(${quoted(key)} || ${valueText(column, kind)}, ${answeredAsNull ? quoted(`${key}null`) : "''"})`;
  });
  sql = `('{"id":' || to_json(record._id)::text || ${parts.join(' || ')} || '}')`;
  expressions.set(definition.name, sql);
  return sql;
};

/** node-postgres's pool under TypeORM's PostgreSQL driver (the part of it used here). */
interface DriverPool {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}
const poolOf = (dataSource: DataSource) => (dataSource.driver as unknown as { master: DriverPool }).master;

/**
 * One record by id, tenant-scoped, as JSON text, with a prepared statement straight on the
 * driver's pool (no query builder): only for callers whose reads no row condition narrows (the
 * engine decides). Undefined when there is no such record.
 */
export const recordJsonById = async (dataSource: DataSource, definition: ResourceDefinition, businessId: string, id: string) => {
  const { rows } = await poolOf(dataSource).query<{ j: string }>({
    name: `carelane_get_one_${definition.name}`,
    text: `SELECT ${recordJsonSql(definition)} AS j FROM "${definition.name}" record WHERE record."businessId" = $1 AND record._id = $2`,
    values: [businessId, id],
  });
  return rows[0]?.j;
};

/** The records a built query selects (its conditions, order and limit kept), each as JSON text. */
export const recordsJson = async (query: SelectQueryBuilder<object>, definition: ResourceDefinition) =>
  ((await query.select(recordJsonSql(definition), 'j').getRawMany()) as { j: string }[]).map((row) => row.j);

/** JSON texts of records as one JSON array text. */
export const jsonArray = (records: string[]) => {
  let text = '[';
  for (let i = 0; i < records.length; i++) text += (i ? ',' : '') + records[i];
  return `${text}]`;
};
