/**
 * Conditions staff edit as sentences: rows of field, operator and value, stored as the reference
 * client's compound filter (automation/src/conditions.ts reads it when a step is due or a trigger fires):
 * one row is `{ condition: { field: rule } }`, several are all required (`$and`).
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

/** The filter for the rows filled in (a row without a field is left out); undefined when none is. */
export const filterOfRows = (rows: ConditionRow[]) => {
  const parts = rows.filter((row) => row.field).map((row) => ({ condition: { [row.field]: ruleOf(row) } }));
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : { $and: parts };
};

/** The rows of a stored filter (its plain conditions and those of its `$and` parts). */
export const rowsOfFilter = (filter: unknown): ConditionRow[] => {
  if (!isObject(filter)) return [];
  const own = isObject(filter.condition) ? Object.entries(filter.condition).map(([field, rule]) => rowOf(field, rule)) : [];
  const parts = Array.isArray(filter.$and) ? filter.$and.flatMap(rowsOfFilter) : [];
  return [...own, ...parts];
};

/** The rows a form posted (conditionField, conditionOperator and conditionValue, in order). */
export const rowsOfForm = (form: FormData): ConditionRow[] => {
  const fields = form.getAll('conditionField').map(String);
  const operators = form.getAll('conditionOperator').map(String);
  const values = form.getAll('conditionValue').map(String);
  return fields.map((field, index) => ({
    field: field.trim(),
    operator: (OPERATORS.some((operator) => operator.id === operators[index]) ? operators[index] : 'is') as Operator,
    value: (values[index] ?? '').trim(),
  }));
};

/** "Only if Tags contains 'vip' and Smoker is 'Yes'"; empty when there is no condition. */
export const conditionSentence = (filter: unknown, fieldLabel: (field: string) => string) => {
  const rows = rowsOfFilter(filter);
  if (rows.length === 0) return '';
  const words = rows.map((row) => {
    const operator = OPERATORS.find((item) => item.id === row.operator)!.label;
    return row.operator === 'set' || row.operator === 'unset' ? `${fieldLabel(row.field)} ${operator}` : `${fieldLabel(row.field)} ${operator} '${row.value}'`;
  });
  return `Only if ${words.join(' and ')}`;
};

/** A sentence with its conditions after it: "When the journey starts, only if Tags contains 'vip'". */
export const withCondition = (sentence: string, filter: unknown, fieldLabel: (field: string) => string) => {
  const only = conditionSentence(filter, fieldLabel);
  return only ? `${sentence}, ${only[0]!.toLowerCase()}${only.slice(1)}` : sentence;
};
