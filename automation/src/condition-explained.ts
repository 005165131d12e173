import { enduserValue, journeyConditionsMet, matchesRule, type BasicCondition, type CompoundFilter } from './conditions';

/**
 * Why a condition held or not, in words staff read on the patient's timeline ("Why it fired",
 * docs/decisions.md): the first rule that failed, with the value seen, e.g.
 * "tags contains 'vip' is false (tags: [])". Pure, so the api's dispatcher and the worker's
 * activities explain their decisions the same way.
 */
export interface ConditionVerdict {
  met: boolean;
  /** The rule that failed and the value seen; absent when met. */
  failed?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as staff read it: 'text', 3, true, [a, b], or "no value". */
export const shownValue = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return 'no value';
  if (Array.isArray(value)) return `[${value.map((item) => (typeof item === 'string' ? `'${item}'` : shownValue(item))).join(', ')}]`;
  if (typeof value === 'string') return `'${value}'`;
  if (isObject(value)) return JSON.stringify(value);
  return String(value);
};

/** The rule in words: "tags contains 'vip'", "age is more than 18", "email is set". */
export const ruleWords = (key: string, rule: BasicCondition): string => {
  if (isObject(rule)) {
    if ('$exists' in rule) return `${key} ${rule.$exists ? 'is set' : 'is not set'}`;
    if ('$gt' in rule) return `${key} is more than ${rule.$gt}`;
    if ('$lt' in rule) return `${key} is less than ${rule.$lt}`;
    if ('$contains' in rule) return `${key} contains ${shownValue(rule.$contains)}`;
    if ('$doesNotContain' in rule) return `${key} does not contain ${shownValue(rule.$doesNotContain)}`;
    return `${key} matches ${JSON.stringify(rule)}`;
  }
  return rule === null ? `${key} is not set` : `${key} is ${shownValue(rule)}`;
};

const explainValues = (valueOf: (key: string) => unknown, filter: unknown): ConditionVerdict => {
  if (!isObject(filter)) return { met: true };
  const compound = filter as CompoundFilter;
  for (const [key, rule] of Object.entries(compound.condition ?? {})) {
    const value = valueOf(key);
    if (!matchesRule(value, rule)) return { met: false, failed: `${ruleWords(key, rule)} is false (${key}: ${shownValue(value)})` };
  }
  for (const part of Array.isArray(compound.$and) ? compound.$and : []) {
    const verdict = explainValues(valueOf, part);
    if (!verdict.met) return verdict;
  }
  if (Array.isArray(compound.$or) && compound.$or.length > 0) {
    const verdicts = compound.$or.map((part) => explainValues(valueOf, part));
    if (!verdicts.some((verdict) => verdict.met)) return { met: false, failed: `none of these held: ${verdicts.map((verdict) => verdict.failed).join('; ')}` };
  }
  return { met: true };
};

/** enduserMatches, with the reason when it does not match. */
export const explainEnduserMatch = (enduser: Record<string, unknown>, filter: unknown): ConditionVerdict =>
  explainValues((key) => enduserValue(enduser, key), filter);

/** journeyConditionsMet, with the reason: "state in the journey is 'Ready' is false (state: 'New')". */
export const explainJourneyConditions = (
  conditions: { type: string; info: { journeyId?: string; state?: string } }[] | null | undefined,
  journeys: Record<string, string> | null | undefined,
): ConditionVerdict => {
  for (const condition of conditions ?? []) {
    if (journeyConditionsMet([condition], journeys)) continue;
    const seen = (journeys ?? {})[condition.info.journeyId ?? ''];
    return { met: false, failed: `state in the journey is ${shownValue(condition.info.state)} is false (state: ${shownValue(seen)})` };
  }
  return { met: true };
};
