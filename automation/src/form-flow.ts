/**
 * The path a person takes through a form (docs/contract/portal.md#form-filling: the order of
 * questions is a tree from the root following previous-question links), decided by the answers given so far. Shared by the portal (which
 * question comes next, how many remain) and the api (a submission must answer the required questions
 * on the path taken, never the ones a branch skipped). Pure code: no I/O.
 *
 * A question's previousFields (the reference client's shape) name where it sits:
 * - root: the form's first question;
 * - after { fieldId }: follows that question whatever its answer;
 * - previousEquals { fieldId, equals }: follows it when its answer equals `equals`;
 * - compoundLogic { fieldId, priority, condition }: follows it when the answers meet the condition
 *   ({ condition: { fieldId: rule } } with $and / $or), lower priority numbers tried first.
 * After a question, a matching conditional link wins over an unconditional one (docs/decisions.md).
 */

export interface FlowLink {
  type?: string;
  info?: { fieldId?: string; equals?: string; priority?: number; condition?: unknown } | null;
}

export interface FlowField {
  id: string;
  type?: string;
  previousFields?: FlowLink[] | null;
  options?: { subFields?: { id: string }[] | null } | null;
  /**
   * A Question Group's sub-question shows only while the answers meet this condition (the reference
   * client's groupShowCondition, written like a compoundLogic condition); none or {} always shows.
   */
  groupShowCondition?: Record<string, unknown> | null;
}

/** An answer as a form response stores it (type and value). */
export interface FlowAnswer {
  type?: string;
  value?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0) && !(isObject(value) && Object.keys(value).length === 0);

/** Whether an answer equals an expected text: a chosen option, a number's digits, an address's state, ZIP or city. */
export const answerEquals = (answer: FlowAnswer | undefined, expected: unknown): boolean => {
  const value = answer?.value;
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => item === expected);
  if (typeof value === 'number') return String(value) === String(expected);
  if (isObject(value)) return ['state', 'zipCode', 'city'].some((key) => value[key] === expected);
  return value === expected;
};

const contains = (value: unknown, part: unknown) => {
  if (Array.isArray(value)) return value.some((item) => typeof item === 'string' && item.includes(String(part)));
  return typeof value === 'string' && value.includes(String(part));
};

/** One rule on one answer: a plain value means equality; otherwise $ne, $exists, $gt, $lt, $contains, $doesNotContain. */
const meetsRule = (answer: FlowAnswer | undefined, rule: unknown): boolean => {
  if (!isObject(rule)) return answerEquals(answer, rule);
  const value = answer?.value;
  if ('$exists' in rule) return isSet(value) === Boolean(rule.$exists);
  if ('$ne' in rule) return isSet(value) && !answerEquals(answer, rule.$ne);
  if ('$doesNotContain' in rule) return !isSet(value) || !contains(value, rule.$doesNotContain);
  if ('$contains' in rule) return isSet(value) && contains(value, rule.$contains);
  if ('$gt' in rule || '$lt' in rule) {
    const limit = Number('$gt' in rule ? rule.$gt : rule.$lt);
    if (typeof value !== 'number' || !Number.isFinite(limit)) return false;
    return '$gt' in rule ? value > limit : value < limit;
  }
  return false;
};

/** Whether the answers (by question id) meet a compound condition; an empty condition is met. */
export const answersMeet = (answers: ReadonlyMap<string, FlowAnswer>, filter: unknown): boolean => {
  if (!isObject(filter)) return true;
  if (isObject(filter.condition) && !Object.entries(filter.condition).every(([fieldId, rule]) => meetsRule(answers.get(fieldId), rule))) return false;
  if (Array.isArray(filter.$and) && !filter.$and.every((part) => answersMeet(answers, part))) return false;
  if (Array.isArray(filter.$or) && filter.$or.length > 0 && !filter.$or.some((part) => answersMeet(answers, part))) return false;
  return true;
};

const linksOf = (field: FlowField) => (Array.isArray(field.previousFields) ? field.previousFields : []).filter(isObject) as FlowLink[];

/** The questions shown inside a group's step (never steps of their own). */
export const groupedIds = (fields: readonly FlowField[]) =>
  new Set(fields.flatMap((field) => (field.type === 'Question Group' ? (field.options?.subFields ?? []).map((sub) => sub.id) : [])));

/** The question that follows `current` given the answers, or undefined at the form's end. */
export const nextField = <F extends FlowField>(steps: readonly F[], current: string, answers: ReadonlyMap<string, FlowAnswer>): F | undefined => {
  const answer = answers.get(current);
  const links = steps.flatMap((field) => linksOf(field).filter((link) => link.info?.fieldId === current).map((link) => ({ field, link })));
  const equal = links.find(({ link }) => link.type === 'previousEquals' && answerEquals(answer, link.info?.equals));
  if (equal) return equal.field;
  const logic = links
    .filter(({ link }) => link.type === 'compoundLogic')
    .sort((a, b) => Number(a.link.info?.priority ?? 0) - Number(b.link.info?.priority ?? 0))
    .find(({ link }) => answersMeet(answers, link.info?.condition));
  if (logic) return logic.field;
  return links.find(({ link }) => link.type === 'after')?.field;
};

/**
 * The steps a person answers, in order, from the root (the first question the api lists when none
 * is marked root) through the links the answers choose. A group's questions are inside its step.
 */
export const formPath = <F extends FlowField>(fields: readonly F[], answers: ReadonlyMap<string, FlowAnswer>): F[] => {
  const inGroups = groupedIds(fields);
  const steps = fields.filter((field) => !inGroups.has(field.id));
  const root = steps.find((field) => linksOf(field).some((link) => link.type === 'root')) ?? steps[0];
  const path: F[] = [];
  const seen = new Set<string>();
  // A loop of links ends the path rather than repeating questions.
  for (let field: F | undefined = root; field && !seen.has(field.id); field = nextField(steps, field.id, answers)) {
    seen.add(field.id);
    path.push(field);
  }
  return path;
};

/** Whether a group's sub-question shows for the answers so far (its groupShowCondition is met). */
export const shownInGroup = (field: FlowField, answers: ReadonlyMap<string, FlowAnswer>) => answersMeet(answers, field.groupShowCondition);

/** The sub-questions a group's step shows for the answers so far, in the group's order. */
export const shownSubFields = <F extends FlowField>(group: FlowField, fields: readonly F[], answers: ReadonlyMap<string, FlowAnswer>): F[] => {
  if (group.type !== 'Question Group') return [];
  const byId = new Map(fields.map((field) => [field.id, field]));
  return (group.options?.subFields ?? [])
    .map((sub) => byId.get(sub.id))
    .filter((field): field is F => !!field && shownInGroup(field, answers));
};

/**
 * Every question on the path, a group's shown questions included: the ones a submission may need
 * answered (a sub-question its groupShowCondition hides is never required, like a skipped branch).
 */
export const questionsOnPath = <F extends FlowField>(fields: readonly F[], answers: ReadonlyMap<string, FlowAnswer>): F[] =>
  formPath(fields, answers).flatMap((step) => [step, ...shownSubFields(step, fields, answers)]);
