/**
 * Conditions staff edit as sentences: rows of field, operator and value in groups, each group needing
 * all of its rows or any of them, stored as the reference client's compound filter
 * (automation/src/conditions.ts reads it when a step is due or a trigger fires): one row is
 * `{ condition: { field: rule } }`, a group of several is `$and` (all of) or `$or` (any of), and
 * several groups must all hold (`$and` of the groups).
 */

export const OPERATORS = [
  { id: 'is', label: 'is' },
  { id: 'contains', label: 'contains' },
  { id: 'doesNotContain', label: 'does not contain' },
  { id: 'gt', label: 'is more than' },
  { id: 'lt', label: 'is less than' },
  { id: 'set', label: 'has a value' },
  { id: 'unset', label: 'has no value' },
] as const;
export type Operator = (typeof OPERATORS)[number]['id'];

export interface ConditionRow {
  field: string;
  operator: Operator;
  value: string;
}

export const GROUP_MODES = [
  { id: 'all', label: 'All of these' },
  { id: 'any', label: 'Any of these' },
] as const;
export type GroupMode = (typeof GROUP_MODES)[number]['id'];

/** Rows that must all hold, or any one of them. */
export interface ConditionGroup {
  mode: GroupMode;
  rows: ConditionRow[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asNumber = (value: string) => (value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value);

const ruleOf = (row: ConditionRow): unknown => {
  switch (row.operator) {
    case 'contains':
      return { $contains: row.value };
    case 'doesNotContain':
      return { $doesNotContain: row.value };
    case 'gt':
      return { $gt: asNumber(row.value) };
    case 'lt':
      return { $lt: asNumber(row.value) };
    case 'set':
      return { $exists: true };
    case 'unset':
      return { $exists: false };
    default:
      return row.value;
  }
};

const rowOf = (field: string, rule: unknown): ConditionRow => {
  if (!isObject(rule)) return { field, operator: rule === null ? 'unset' : 'is', value: rule === null ? '' : String(rule) };
  if ('$exists' in rule) return { field, operator: rule.$exists ? 'set' : 'unset', value: '' };
  if ('$contains' in rule) return { field, operator: 'contains', value: String(rule.$contains) };
  if ('$doesNotContain' in rule) return { field, operator: 'doesNotContain', value: String(rule.$doesNotContain) };
  if ('$gt' in rule) return { field, operator: 'gt', value: String(rule.$gt) };
  if ('$lt' in rule) return { field, operator: 'lt', value: String(rule.$lt) };
  return { field, operator: 'is', value: '' };
};

type Filter = { condition?: Record<string, unknown>; $and?: Filter[]; $or?: Filter[] };

/** One group's filter: its single row as it is, several rows under `$and` or `$or`; undefined when no row is filled in. */
const filterOfGroup = (group: ConditionGroup): Filter | undefined => {
  const parts: Filter[] = group.rows.filter((row) => row.field).map((row) => ({ condition: { [row.field]: ruleOf(row) } }));
  if (parts.length === 0) return undefined;
  if (parts.length === 1) return parts[0];
  return group.mode === 'any' ? { $or: parts } : { $and: parts };
};

/** The filter for the groups filled in (rows without a field and groups without rows are left out); undefined when none is. */
export const filterOfGroups = (groups: ConditionGroup[]): Filter | undefined => {
  const parts = groups.map(filterOfGroup).filter((part): part is Filter => part !== undefined);
  if (parts.length <= 1) return parts[0];
  return { $and: parts };
};

/** The filter for the rows filled in, all required (a row without a field is left out); undefined when none is. */
export const filterOfRows = (rows: ConditionRow[]) => filterOfGroups([{ mode: 'all', rows }]);

/** The rows of a stored filter (its plain conditions and those of its `$and` parts). */
export const rowsOfFilter = (filter: unknown): ConditionRow[] => {
  if (!isObject(filter)) return [];
  const own = isObject(filter.condition) ? Object.entries(filter.condition).map(([field, rule]) => rowOf(field, rule)) : [];
  const parts = Array.isArray(filter.$and) ? filter.$and.flatMap(rowsOfFilter) : [];
  return [...own, ...parts];
};

/** Every row of a part, whatever joins them (a part of an any-of group is one row in what the editor saves). */
const allRowsOf = (filter: unknown): ConditionRow[] =>
  !isObject(filter) ? [] : [...rowsOfFilter(filter), ...(Array.isArray(filter.$or) ? filter.$or.flatMap(allRowsOf) : [])];

/** A part holding nothing but plain conditions. */
const isPlain = (part: unknown) => isObject(part) && !('$and' in part) && !('$or' in part);

/**
 * The groups of a stored filter, in their order: its plain conditions as an all-of group, each `$or`
 * as an any-of group, each nested `$and` as an all-of group; plain `$and` parts join the all-of group
 * just before them (a group of one row is saved as the row itself).
 */
export const groupsOfFilter = (filter: unknown): ConditionGroup[] => {
  if (!isObject(filter)) return [];
  const groups: ConditionGroup[] = [];
  const plain = (rows: ConditionRow[]) => {
    const last = groups.at(-1);
    if (last?.mode === 'all') last.rows.push(...rows);
    else groups.push({ mode: 'all', rows });
  };
  if (isObject(filter.condition)) plain(Object.entries(filter.condition).map(([field, rule]) => rowOf(field, rule)));
  for (const part of Array.isArray(filter.$and) ? filter.$and : []) {
    if (isPlain(part)) plain(rowsOfFilter(part));
    else if (isObject(part) && Array.isArray(part.$or) && !part.$and && !part.condition) groups.push({ mode: 'any', rows: part.$or.flatMap(allRowsOf) });
    else groups.push({ mode: 'all', rows: rowsOfFilter(part) });
  }
  if (Array.isArray(filter.$or) && filter.$or.length > 0) groups.push({ mode: 'any', rows: filter.$or.flatMap(allRowsOf) });
  return groups.filter((group) => group.rows.length > 0);
};

const modeOf = (value: unknown): GroupMode => (value === 'any' ? 'any' : 'all');

/**
 * The groups a form posted: per row conditionGroup (its group's number), conditionField,
 * conditionOperator and conditionValue; per group conditionMode, in order. A form without group
 * numbers is one all-of group.
 */
export const groupsOfForm = (form: FormData): ConditionGroup[] => {
  const fields = form.getAll('conditionField').map(String);
  const operators = form.getAll('conditionOperator').map(String);
  const values = form.getAll('conditionValue').map(String);
  const groupOf = form.getAll('conditionGroup').map((value) => Number(value));
  const modes = form.getAll('conditionMode').map(modeOf);
  const groups: ConditionGroup[] = [];
  fields.forEach((field, index) => {
    const number = Number.isInteger(groupOf[index]) && groupOf[index]! >= 0 ? groupOf[index]! : 0;
    while (groups.length <= number) groups.push({ mode: modes[groups.length] ?? 'all', rows: [] });
    groups[number]!.rows.push({
      field: field.trim(),
      operator: (OPERATORS.some((operator) => operator.id === operators[index]) ? operators[index] : 'is') as Operator,
      value: (values[index] ?? '').trim(),
    });
  });
  return groups;
};

/** The rows a form posted, whatever their group. */
export const rowsOfForm = (form: FormData): ConditionRow[] => groupsOfForm(form).flatMap((group) => group.rows);

const rowWords = (row: ConditionRow, fieldLabel: (field: string) => string) => {
  const operator = OPERATORS.find((item) => item.id === row.operator)!.label;
  return row.operator === 'set' || row.operator === 'unset' ? `${fieldLabel(row.field)} ${operator}` : `${fieldLabel(row.field)} ${operator} '${row.value}'`;
};

/**
 * "Only if Tags contains 'vip' and Smoker is 'Yes'", "Only if Tags contains 'vip' or State is 'CA'",
 * "Only if Tags contains 'vip' and (State is 'CA' or State is 'NY')"; empty when there is no condition.
 */
export const conditionSentence = (filter: unknown, fieldLabel: (field: string) => string) => {
  const groups = groupsOfFilter(filter);
  if (groups.length === 0) return '';
  const words = groups.map((group) => {
    const joined = group.rows.map((row) => rowWords(row, fieldLabel)).join(group.mode === 'any' ? ' or ' : ' and ');
    return groups.length > 1 && group.mode === 'any' && group.rows.length > 1 ? `(${joined})` : joined;
  });
  return `Only if ${words.join(' and ')}`;
};

/** A sentence with its conditions after it: "When the journey starts, only if Tags contains 'vip'". */
export const withCondition = (sentence: string, filter: unknown, fieldLabel: (field: string) => string) => {
  const only = conditionSentence(filter, fieldLabel);
  return only ? `${sentence}, ${only[0]!.toLowerCase()}${only.slice(1)}` : sentence;
};
