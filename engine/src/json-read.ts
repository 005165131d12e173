import { createHash } from 'node:crypto';
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

/**
 * How many distinct list statements are prepared by name: every pool connection keeps each one it
 * ran (and its plan cache entry) until it closes, so the shapes are bounded (64 covers the staff
 * app's lists and the record's sixteen with room; each costs every PostgreSQL backend of the pool
 * its parse tree and plans); a shape past the bound is sent unnamed, as before.
 */
const MAX_PREPARED_LISTS = 64;
const preparedLists = new Map<string, string>();

/** A stable statement name for a list's SQL text (the same text always gets the same name), or undefined past the bound. */
const listStatementName = (text: string) => {
  let name = preparedLists.get(text);
  if (name === undefined && preparedLists.size < MAX_PREPARED_LISTS) {
    name = `carelane_list_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    preparedLists.set(text, name);
  }
  return name;
};

/** What the query builder is given to select, replaced by the record's JSON expression in its text. */
const PLACEHOLDER = 'NULL';

/**
 * A list query's SQL text and parameters selecting the record's JSON. TypeORM builds the text around
 * a one-word selection and the 5 KB expression is put in after: its text building runs regular
 * expressions over the whole statement (property names, parameters), a third of the api's own time
 * per list when the expression is in it (bench/README.md, issue 37). Built as it always was should
 * the text not read as expected.
 */
const listText = (query: SelectQueryBuilder<object>, definition: ResourceDefinition): [string, unknown[]] => {
  const [text, values] = query.select(PLACEHOLDER, 'j').getQueryAndParameters();
  const head = `SELECT ${PLACEHOLDER} AS "j" FROM `;
  if (text.startsWith(head)) return [`SELECT ${recordJsonSql(definition)} AS "j" FROM ${text.slice(head.length)}`, values];
  return query.select(recordJsonSql(definition), 'j').getQueryAndParameters();
};

/**
 * The records a built query selects (its conditions, order and limit kept), each as JSON text. Run
 * as a named prepared statement on the driver's pool: a list's text is some 5 KB (the record's JSON
 * expression) whose parse and analysis PostgreSQL then does once per connection, not per request,
 * and each later request sends only its parameters (bench/README.md, issue 37). PostgreSQL still
 * plans each execution for its parameters (custom plans) unless a generic plan costs no more; `prepare:
 * false` sends it unnamed, for a text whose best plan depends on its values more than the planner's
 * generic estimate can tell (a search: a rare term and a common one). A query bound to a query runner
 * (a transaction) runs on it, as built.
 */
export const recordsJson = async (query: SelectQueryBuilder<object>, definition: ResourceDefinition, { prepare = true } = {}) => {
  if ((query as unknown as { queryRunner?: unknown }).queryRunner) return ((await query.select(recordJsonSql(definition), 'j').getRawMany()) as { j: string }[]).map((row) => row.j);
  const [text, values] = listText(query, definition);
  const name = prepare ? listStatementName(text) : undefined;
  // Logged as TypeORM logs what it runs itself (its logging option, test/support/query-recorder.ts).
  query.connection.logger.logQuery(text, values);
  const { rows } = await poolOf(query.connection).query<{ j: string }>(name ? { name, text, values } : ({ text, values } as { name: string; text: string; values: unknown[] }));
  return rows.map((row) => row.j);
};

/** JSON texts of records as one JSON array text. */
export const jsonArray = (records: string[]) => {
  let text = '[';
  for (let i = 0; i < records.length; i++) text += (i ? ',' : '') + records[i];
  return `${text}]`;
};
