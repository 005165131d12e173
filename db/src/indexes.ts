import type { ColumnKind, IndexDeclaration, ResourceDefinition } from './resources/define';

/**
 * The SQL of the expressions the engine orders and searches by, and of the indexes the resource
 * definitions declare over them (IndexDeclaration). Both come from here, so an index is built over
 * exactly the expression the engine's queries use: PostgreSQL serves an expression only from an index
 * on the same expression (docs/decisions.md "Indexes for a million patients").
 */

/** A column of the row `alias` (undefined: the bare column, as an index definition names it). */
const columnSql = (alias: string | undefined, name: string) => (alias ? `${alias}."${name}"` : `"${name}"`);

/** What a missing value sorts as (the lowest value of the column's kind), so keyset paging over NULLs stays consistent. */
export const LOWEST_BY_KIND: Partial<Record<ColumnKind, string>> = {
  date: `'-infinity'::timestamptz`,
  number: `'-Infinity'::double precision`,
  text: `''`,
  boolean: 'false',
  // A list of strings (tags, assignees) sorts by its first entry.
  json: `''`,
};

const sortValueSql = (alias: string | undefined, name: string, kind: ColumnKind) => {
  const column = columnSql(alias, name);
  return kind === 'json' ? `(CASE WHEN jsonb_typeof(${column}) = 'array' THEN ${column}->>0 END)` : column;
};

/**
 * The keys a list sorted by `name` orders by, before the `_id` tie-break, all in `direction`.
 * NULLs sort as the lowest value; with nullsLast (the staff app's lists) records without the value
 * come after the rest in either direction, through a leading key that runs the same direction as the
 * others, so one row comparison still pages. `thenBy` orders records of the same value by a second
 * field (a last name's patients by first name). Undefined when a kind cannot be sorted.
 */
export const sortKeysSql = (
  alias: string | undefined,
  name: string,
  kind: ColumnKind,
  options: { direction: 'ASC' | 'DESC'; nullsLast?: boolean; thenBy?: { name: string; kind: ColumnKind } },
) => {
  const keyOf = (field: string, fieldKind: ColumnKind) => {
    const lowest = LOWEST_BY_KIND[fieldKind];
    return lowest ? `COALESCE(${sortValueSql(alias, field, fieldKind)}, ${lowest})` : undefined;
  };
  const key = keyOf(name, kind);
  const then = options.thenBy ? keyOf(options.thenBy.name, options.thenBy.kind) : undefined;
  if (!key || (options.thenBy && !then)) return undefined;
  const value = sortValueSql(alias, name, kind);
  const keys = options.nullsLast ? [`(${value} ${options.direction === 'ASC' ? 'IS NULL' : 'IS NOT NULL'})`, key] : [key];
  return then ? [...keys, then] : keys;
};

/** The second field a declared sort by `field` orders ties by (IndexDeclaration `thenBy`), with its kind. */
export const declaredThenBy = (definition: ResourceDefinition, field: string) => {
  const declared = definition.indexes?.find((index) => index.kind === 'sort' && index.field === field && index.thenBy);
  return declared?.kind === 'sort' && declared.thenBy ? { name: declared.thenBy, kind: kindOf(definition, declared.thenBy) } : undefined;
};

/** The text fields getSome's `search` looks in. */
export const searchableFields = (definition: ResourceDefinition) =>
  Object.entries(definition.fields)
    .filter(([, field]) => field.searchable && field.column === 'text')
    .map(([name]) => name);

/**
 * The searchable fields as one text, each separated by a line break (which no searched value holds,
 * so a match never spans two fields): one ILIKE over it finds what an ILIKE over each field finds,
 * and one trigram index serves it. Undefined when the resource has no searchable text.
 */
export const searchTextSql = (definition: ResourceDefinition, alias: string | undefined) => {
  const fields = searchableFields(definition);
  if (!fields.length) return undefined;
  return `(${fields.map((name) => `COALESCE(${columnSql(alias, name)}, '')`).join(` || E'\\n' || `)})`;
};

const COMMON_KINDS: Record<string, ColumnKind> = { organizationIds: 'json', sharedWithOrganizations: 'json', createdAt: 'date', updatedAt: 'date' };

const kindOf = (definition: ResourceDefinition, name: string): ColumnKind => {
  const kind = definition.fields[name]?.column ?? COMMON_KINDS[name];
  if (!kind) throw new Error(`${definition.name} declares an index on an unknown field ${name}`);
  return kind;
};

export const indexName = (definition: ResourceDefinition, declaration: IndexDeclaration) => {
  if (declaration.kind === 'search') return `IDX_${definition.name}_search`;
  const suffix = declaration.kind === 'sort' && declaration.oldFirst ? '_oldFirst' : '';
  return `IDX_${definition.name}_${declaration.kind}_${declaration.field}${suffix}`;
};

/** The CREATE INDEX statement of one declared index. */
export const indexSql = (definition: ResourceDefinition, declaration: IndexDeclaration) => {
  const name = indexName(definition, declaration);
  const table = `"${definition.name}"`;
  switch (declaration.kind) {
    case 'sort': {
      // Built in ascending order: a newest-first page reads it backwards, an oldest-first one forwards.
      // With nullsLast the leading key depends on the direction, so `oldFirst` builds the ascending one's.
      const direction = declaration.oldFirst ? 'ASC' : 'DESC';
      const keys = sortKeysSql(undefined, declaration.field, kindOf(definition, declaration.field), { direction, nullsLast: declaration.nullsLast, thenBy: declaredThenBy(definition, declaration.field) });
      if (!keys) throw new Error(`${definition.name} cannot sort by ${declaration.field}`);
      return `CREATE INDEX "${name}" ON ${table} ("businessId", ${keys.map((key) => `(${key})`).join(', ')}, "_id")`;
    }
    case 'contains':
      if (kindOf(definition, declaration.field) !== 'json') throw new Error(`${definition.name}.${declaration.field} is not json`);
      return `CREATE INDEX "${name}" ON ${table} USING gin ("${declaration.field}" jsonb_path_ops)`;
    case 'search': {
      const text = searchTextSql(definition, undefined);
      if (!text) throw new Error(`${definition.name} has no searchable text`);
      return `CREATE INDEX "${name}" ON ${table} USING gin (${text} gin_trgm_ops)`;
    }
  }
};

/** Every declared index of a resource, by name. */
export const declaredIndexes = (definition: ResourceDefinition) =>
  (definition.indexes ?? []).map((declaration) => ({ name: indexName(definition, declaration), sql: indexSql(definition, declaration) }));
