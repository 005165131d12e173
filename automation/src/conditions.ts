/**
 * Pure rules shared by the workflows, the activities and the api's dispatcher: delays, and whether an
 * enduser meets a step's or a trigger's conditions. No I/O here, so workflows may import it.
 */

export type UnitOfTime = 'Seconds' | 'Minutes' | 'Hours' | 'Days';

const UNIT_MS: Record<UnitOfTime, number> = { Seconds: 1000, Minutes: 60_000, Hours: 3_600_000, Days: 86_400_000 };

/**
 * The wait an afterAction or formUnsubmitted event asks for. `delay` with `unit` is what the staff
 * console edits; `delayInMS` is the reference client's precomputed copy, used when they disagree
 * only if `delay` is missing.
 */
export const delayInMs = (info: { delay?: number; unit?: string; delayInMS?: number } | undefined) => {
  if (!info) return 0;
  if (typeof info.delay === 'number' && info.unit && info.unit in UNIT_MS) return Math.max(0, info.delay * UNIT_MS[info.unit as UnitOfTime]);
  return typeof info.delayInMS === 'number' ? Math.max(0, info.delayInMS) : 0;
};

type Scalar = string | number | boolean | null;
export type BasicCondition = Scalar | { $exists: boolean } | { $gt: number } | { $lt: number } | { $contains: string | number } | { $doesNotContain: string | number };

/** The reference client's compound filter: { condition: { field: rule }, $and: [...], $or: [...] }. */
export interface CompoundFilter {
  condition?: Record<string, BasicCondition>;
  $and?: CompoundFilter[];
  $or?: CompoundFilter[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An enduser's value for a condition key: a top-level field, else a custom field (`fields`), else `fields.<name>`. */
export const enduserValue = (enduser: Record<string, unknown>, key: string): unknown => {
  if (key in enduser && key !== 'fields') return enduser[key];
  const custom = isObject(enduser.fields) ? enduser.fields : {};
  const name = key.startsWith('fields.') ? key.slice('fields.'.length) : key;
  const value = custom[name];
  // Custom fields may hold { value } objects (dates, ratings ...): compare their value.
  return isObject(value) && 'value' in value ? value.value : value;
};

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

const sameScalar = (a: unknown, b: unknown) => a === b || (a !== null && b !== null && a !== undefined && String(a).toLowerCase() === String(b).toLowerCase());

export const matchesRule = (value: unknown, rule: BasicCondition): boolean => {
  if (isObject(rule)) {
    if ('$exists' in rule) return isSet(value) === Boolean(rule.$exists);
    if ('$gt' in rule) return typeof value === 'number' ? value > Number(rule.$gt) : Number(value) > Number(rule.$gt);
    if ('$lt' in rule) return typeof value === 'number' ? value < Number(rule.$lt) : Number(value) < Number(rule.$lt);
    if ('$contains' in rule) {
      if (Array.isArray(value)) return value.some((item) => sameScalar(item, rule.$contains));
      return typeof value === 'string' && value.toLowerCase().includes(String(rule.$contains).toLowerCase());
    }
    if ('$doesNotContain' in rule) return !matchesRule(value, { $contains: rule.$doesNotContain as string });
    return false;
  }
  // A plain value: equality, or membership when the enduser's value is a list (tags).
  if (Array.isArray(value)) return value.some((item) => sameScalar(item, rule));
  if (rule === null) return !isSet(value);
  return sameScalar(value, rule);
};

/** Whether the values (looked up by key) meet the filter; an empty or missing filter always matches. */
const valuesMatch = (valueOf: (key: string) => unknown, filter: unknown): boolean => {
  if (!isObject(filter)) return true;
  const compound = filter as CompoundFilter;
  if (compound.condition && !Object.entries(compound.condition).every(([key, rule]) => matchesRule(valueOf(key), rule))) return false;
  if (Array.isArray(compound.$and) && !compound.$and.every((part) => valuesMatch(valueOf, part))) return false;
  if (Array.isArray(compound.$or) && compound.$or.length > 0 && !compound.$or.some((part) => valuesMatch(valueOf, part))) return false;
  return true;
};

/** Whether the enduser meets the filter; an empty or missing filter always matches. */
export const enduserMatches = (enduser: Record<string, unknown>, filter: unknown): boolean =>
  valuesMatch((key) => enduserValue(enduser, key), filter);

/**
 * Whether a form response's answers meet a 'Form Submitted' trigger's `conditions`, keyed by form
 * field id (the reference client's responses_satisfy_conditions): a field not answered has no value.
 */
export const responsesMatch = (responses: unknown, filter: unknown): boolean => {
  const answers = new Map<string, unknown>();
  for (const response of Array.isArray(responses) ? responses : []) {
    if (isObject(response) && typeof response.fieldId === 'string') answers.set(response.fieldId, isObject(response.answer) ? response.answer.value : undefined);
  }
  return valuesMatch((key) => answers.get(key), filter);
};

/** The step's `conditions` (atJourneyState) against the enduser's journeys map. */
export const journeyConditionsMet = (
  conditions: { type: string; info: { journeyId?: string; state?: string } }[] | null | undefined,
  journeys: Record<string, string> | null | undefined
) =>
  (conditions ?? []).every((condition) => {
    if (condition.type !== 'atJourneyState') return true;
    return Boolean(condition.info.journeyId) && (journeys ?? {})[condition.info.journeyId!] === condition.info.state;
  });
