import type { SelectQueryBuilder } from 'typeorm';
import type { ColumnKind, ResourceDefinition } from '@carelane/db';
import { declaredThenBy, isId, searchTextSql, sortKeysSql } from '@carelane/db';
import { badRequest } from './errors';

/**
 * getSome's query language, as the reference client sends it: equality and the operators
 * _exists _gt _gte _lt _lte _in _nin _all _ne (also with a `$` prefix), on top-level and nested
 * fields, `$and` / `$or` of such filters (getSome's mdbFilter); sort, sortBy, lastId paging, from/to on createdAt, and search over text fields.
 */
export interface ListOptions {
  filter?: Record<string, unknown>;
  limit?: number;
  sort?: 'newFirst' | 'oldFirst';
  sortBy?: string;
  lastId?: string;
  /** Records without the sortBy field come last in either direction (the staff app's lists); off for the reference client's calls. */
  nullsLast?: boolean;
  from?: Date;
  to?: Date;
  search?: string;
  /** Answer { count } instead of the records. */
  returnCount?: boolean;
  /**
   * Only records whose patient (`enduserId`) has this staff member on the care team (`assignedTo`):
   * the inbox's Mine over texts and emails, as one read (endusers' `assignedTo` index finds the
   * patients, the messages' (businessId, enduserId, _id) index their messages).
   */
  careTeamIncludes?: string;
}

export const DEFAULT_LIMIT = 500;
export const MAX_LIMIT = 1000;

const COMMON_KINDS: Record<string, ColumnKind> = {
  _id: 'id',
  id: 'id',
  businessId: 'id',
  creator: 'id',
  createdAt: 'date',
  updatedAt: 'date',
  organizationIds: 'json',
  sharedWithOrganizations: 'json',
};

const OPERATORS = ['exists', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'all', 'ne'] as const;
type Operator = (typeof OPERATORS)[number];

const operatorOf = (key: string): Operator | undefined => {
  const name = key.replace(/^[_$]/, '') as Operator;
  return (key.startsWith('_') || key.startsWith('$')) && OPERATORS.includes(name) ? name : undefined;
};

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => operatorOf(key));

const COMPARISON: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * Parameter names unique across every applyFilter call on a query: the engine applies the caller's
 * visibility filter and then the client's filter to the same query, and a shared name would let the
 * client's value replace the visibility value (an enduser filtering by another enduser's _id).
 */
let filterSerial = 0;

class ParameterNames {
  private readonly prefix = `f${(filterSerial = (filterSerial + 1) % 1_000_000_000)}_`;
  private count = 0;
  next(values: Record<string, unknown>, value: unknown) {
    const name = `${this.prefix}p${this.count++}`;
    values[name] = value;
    return `:${name}`;
  }
}

const columnKind = (definition: ResourceDefinition, name: string): ColumnKind => {
  const own = (record: Record<string, unknown>) => Object.hasOwn(record, name);
  const kind = own(COMMON_KINDS) ? COMMON_KINDS[name] : own(definition.fields) ? definition.fields[name].column : undefined;
  if (!kind || definition.fields[name]?.secret) throw badRequest(`Error parsing field filter: Unknown field ${name}`);
  return kind;
};

/** SQL for one filter entry on a typed (non-json) column. */
const scalarCondition = (column: string, value: unknown, names: ParameterNames, values: Record<string, unknown>): string => {
  if (!isOperatorObject(value)) {
    if (value === null) return `${column} IS NULL`;
    if (typeof value === 'object' && !Array.isArray(value)) throw badRequest('Error parsing field filter: Invalid filter value');
    return `${column} = ${names.next(values, value)}`;
  }
  return Object.entries(value)
    .map(([key, operand]) => {
      const operator = operatorOf(key)!;
      switch (operator) {
        case 'exists':
          return operand ? `${column} IS NOT NULL` : `${column} IS NULL`;
        case 'ne':
          return `${column} IS DISTINCT FROM ${names.next(values, operand)}`;
        case 'in':
        case 'nin':
        case 'all': {
          const list = Array.isArray(operand) ? operand : [operand];
          if (list.length === 0) return operator === 'nin' ? 'TRUE' : 'FALSE';
          // One value is an equality, which a (businessId, field, _id) index serves in _id order (a
          // room's chats newest first); `= ANY` on a later index column gives up that order.
          if (list.length === 1 && operator !== 'nin' && list[0] !== null) return `${column} = ${names.next(values, list[0])}`;
          const parameter = names.next(values, list);
          return operator === 'nin' ? `(${column} IS NULL OR NOT (${column} = ANY(${parameter})))` : `${column} = ANY(${parameter})`;
        }
        default:
          return `${column} ${COMPARISON[operator]} ${names.next(values, operand)}`;
      }
    })
    .join(' AND ');
};

/** SQL for one filter entry on a jsonb column or a path into one (containment gives Mongo's array semantics). */
const jsonCondition = (expression: string, value: unknown, names: ParameterNames, values: Record<string, unknown>): string => {
  const json = (operand: unknown) => `CAST(${names.next(values, JSON.stringify(operand))} AS jsonb)`;
  const present = `(${expression} IS NOT NULL AND ${expression} <> 'null'::jsonb)`;
  if (!isOperatorObject(value)) {
    if (value === null) return `NOT ${present}`;
    // Left bare (no COALESCE) where it is not negated: a NULL drops the row as FALSE would, and a bare
    // `@>` is what a GIN index serves (a tag, an attendee).
    return `${expression} @> ${json(value)}`;
  }
  return Object.entries(value)
    .map(([key, operand]) => {
      const operator = operatorOf(key)!;
      switch (operator) {
        case 'exists':
          return operand ? present : `NOT ${present}`;
        case 'ne':
          return `NOT COALESCE(${expression} @> ${json(operand)}, FALSE)`;
        case 'all':
          return `${expression} @> ${json(Array.isArray(operand) ? operand : [operand])}`;
        case 'in':
        case 'nin': {
          const list = Array.isArray(operand) ? operand : [operand];
          const any = `EXISTS (SELECT 1 FROM jsonb_array_elements(${json(list)}) AS candidate WHERE ${expression} @> candidate OR ${expression} = candidate)`;
          return operator === 'in' ? `COALESCE(${any}, FALSE)` : `NOT COALESCE(${any}, FALSE)`;
        }
        default:
          return `${expression} ${COMPARISON[operator]} ${json(operand)}`;
      }
    })
    .join(' AND ');
};

/** Mongo's answer to an unknown `$` key at the top of a filter (the reference client expects its text). */
const unknownTopLevelOperator = (key: string) =>
  badRequest(
    /^\$\w{1,40}$/.test(key)
      ? `unknown top level operator: ${key}. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.`
      : 'unknown top level operator',
  );

/** `$and` / `$or`: a non-empty list of filters. */
const filterList = (key: string, value: unknown): Record<string, unknown>[] => {
  if (!Array.isArray(value) || value.length === 0 || value.some((entry) => typeof entry !== 'object' || entry === null || Array.isArray(entry))) {
    throw badRequest(`${key} must be a nonempty array`);
  }
  return value as Record<string, unknown>[];
};

/** SQL for one filter object: its entries AND-ed, `$and` / `$or` nesting filters of the same shape. */
const filterCondition = (
  definition: ResourceDefinition,
  filter: Record<string, unknown>,
  names: ParameterNames,
  values: Record<string, unknown>,
): string => {
  const conditions: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '$and' || key === '$or') {
      const parts = filterList(key, value).map((entry) => `(${filterCondition(definition, entry, names, values)})`);
      conditions.push(`(${parts.join(key === '$and' ? ' AND ' : ' OR ')})`);
      continue;
    }
    if (key.startsWith('$')) throw unknownTopLevelOperator(key);
    const [root, ...path] = key.split('.');
    const name = root === 'id' ? '_id' : root;
    const kind = columnKind(definition, name);
    const column = `record."${name}"`;
    if (kind === 'json') {
      if (path.some((segment) => !/^[\w\- ]+$/.test(segment))) throw badRequest(`Error parsing field filter: Invalid field ${key}`);
      const expression = path.length ? `(${column} #> ${names.next(values, `{${path.join(',')}}`)})` : column;
      conditions.push(`(${jsonCondition(expression, value, names, values)})`);
    } else {
      if (path.length) throw badRequest(`Error parsing field filter: ${root} has no nested fields`);
      if (kind === 'id' && typeof value === 'string' && !isId(value)) throw badRequest('Error parsing field filter: Invalid id');
      conditions.push(`(${scalarCondition(column, normalizedFilterValue(definition, name, value), names, values)})`);
    }
  }
  return conditions.length ? conditions.join(' AND ') : 'TRUE';
};

export const applyFilter = <T extends object>(
  query: SelectQueryBuilder<T>,
  definition: ResourceDefinition,
  filter: Record<string, unknown>,
) => {
  const values: Record<string, unknown> = {};
  const condition = filterCondition(definition, filter, new ParameterNames(), values);
  if (condition !== 'TRUE') query.andWhere(`(${condition})`, values);
};

/**
 * A plain text value is compared as it would be stored: a name filtered as 'test' finds the 'Test'
 * the name validator stored, an email in capitals finds its lower-case form. A value the field would
 * refuse is compared as given (it finds nothing).
 */
const normalizedFilterValue = (definition: ResourceDefinition, name: string, value: unknown) => {
  const validate = definition.fields[name]?.validate;
  if (typeof value !== 'string' || !validate || definition.fields[name]?.column !== 'text') return value;
  try {
    const normalized = validate(value);
    return typeof normalized === 'string' ? normalized : value;
  } catch {
    return value;
  }
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * search: { query } matches any of the resource's searchable text fields, case-insensitively, as a
 * substring (the reference client finds 'JoHn' by 'ohn'): one ILIKE over the fields joined
 * (db/src/indexes.ts searchTextSql), which the resource's trigram index serves when it declares one.
 */
/** Whether getSome's search narrows the rows through an index (a trigram index needs three characters). */
export const searchNarrows = (definition: ResourceDefinition, text: string | undefined) =>
  !!text && text.trim().length >= 3 && !!definition.indexes?.some((index) => index.kind === 'search');

/** The fields of a filter a `contains` index serves (by value or `_all`, what that GIN index answers), with their declarations. */
const containedFields = (definition: ResourceDefinition, filter: Record<string, unknown> | undefined) =>
  Object.entries(filter ?? {}).flatMap(([key, value]) => {
    const index = definition.indexes?.find((each) => each.kind === 'contains' && each.field === key);
    const served = value !== null && value !== undefined && (!isOperatorObject(value) || Object.keys(value).every((operator) => operatorOf(operator) === 'all'));
    return index?.kind === 'contains' && served ? [index] : [];
  });

/** Whether a filter names a field with a `contains` index by value or `_all` (what that GIN index serves). */
export const containmentNarrows = (definition: ResourceDefinition, filter: Record<string, unknown> | undefined) => containedFields(definition, filter).length > 0;

/** Whether the filter's containments are all of labels (IndexDeclaration `labels`: a patient's tags), at least one. */
export const containmentOfLabels = (definition: ResourceDefinition, filter: Record<string, unknown> | undefined) => {
  const contained = containedFields(definition, filter);
  return contained.length > 0 && contained.every((index) => index.labels);
};

export const applySearch = <T extends object>(query: SelectQueryBuilder<T>, definition: ResourceDefinition, text: string) => {
  const searched = searchTextSql(definition, 'record');
  if (!searched || !text.trim()) return;
  query.andWhere(`${searched} ILIKE :search`, { search: `%${escapeLike(text.trim())}%` });
};

/** ListOptions.careTeamIncludes: the record's patient lists `userId` in assignedTo (same business). */
export const applyCareTeam = <T extends object>(query: SelectQueryBuilder<T>, definition: ResourceDefinition, userId: string) => {
  if (definition.fields.enduserId?.column !== 'id') throw new Error(`${definition.name} names no patient to take a care team from`);
  if (!isId(userId)) throw badRequest('Invalid id');
  query.andWhere(
    `EXISTS (SELECT 1 FROM endusers team WHERE team._id = record."enduserId" AND team."businessId" = record."businessId" AND team."assignedTo" @> CAST(:careTeamMember AS jsonb))`,
    { careTeamMember: JSON.stringify([userId]) },
  );
};

export const SORTABLE_FIELDS = ['updatedAt', 'dueDateInMS', 'closedAt'] as const;

/**
 * Order and keyset paging. Ids grow with creation time, so the default order is by _id; other
 * sortBy fields tie-break on _id, and lastId continues from that record's own sort key, so a page
 * never skips or repeats a record while others are written.
 */
export const applyOrderAndPaging = <T extends object>(
  query: SelectQueryBuilder<T>,
  definition: ResourceDefinition,
  options: { sort: 'newFirst' | 'oldFirst'; sortBy?: string; lastId?: string; nullsLast?: boolean; search?: string; filter?: Record<string, unknown> },
) => {
  const table = definition.name;
  const direction = options.sort === 'oldFirst' ? 'ASC' : 'DESC';
  const comparison = direction === 'DESC' ? '<' : '>';
  if (!options.sortBy) {
    // A search of three characters or more, or a containment a GIN index serves (a patient's
    // appointments by attendee, a tag), is narrowed by that index and its matches sorted: ordering by
    // the bare _id lets PostgreSQL walk the primary key instead and test each row, which reads the
    // whole table when the matches are old ones (the EXPLAIN guard's search by phone and appointments;
    // the planner's guess at how the matches spread decides, and it guesses differently run to run).
    // `_id || ''` sorts the same (same collation) but no index provides it, so the cost stays bounded
    // by the matches.
    const narrowed = searchNarrows(definition, options.search) || containmentNarrows(definition, options.filter);
    query.orderBy(narrowed ? `record._id || ''` : 'record._id', direction);
    if (options.lastId) query.andWhere(`record._id ${comparison} :lastId`, { lastId: options.lastId });
    return;
  }
  // The keys come from db/src/indexes.ts, which also builds the indexes declared over them (a
  // resource's `sort` index), so the two cannot differ.
  const kind = columnKind(definition, options.sortBy);
  const thenBy = declaredThenBy(definition, options.sortBy);
  const keysOf = (alias: string) => sortKeysSql(alias, options.sortBy!, kind, { direction, nullsLast: options.nullsLast, thenBy });
  if (!keysOf('record')) throw badRequest(`Error parsing field sortBy: Cannot sort by ${options.sortBy}`);
  const sortKeys = keysOf('record')!;
  sortKeys.forEach((key, index) => (index === 0 ? query.orderBy(key, direction) : query.addOrderBy(key, direction)));
  query.addOrderBy('record._id', direction);
  if (options.lastId) {
    query.andWhere(
      `(${sortKeys.join(', ')}, record._id) ${comparison} (SELECT ${keysOf('anchor')!.join(', ')}, anchor._id FROM "${table}" anchor WHERE anchor._id = :lastId)`,
      { lastId: options.lastId },
    );
  }
};
