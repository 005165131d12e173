import { fail } from './field-error';
import * as v from './validators';
import type { Validator } from './validators';

/**
 * Nested shapes of forms, their fields and their responses (docs/contract/entities.md#forms,
 * validation.md#form-answers), with the details the contract leaves out taken from the reference
 * client's contract. Every object rejects unknown keys, as objectOf does.
 */

const { required, optional, byType, noInfo, infoOf } = v;

export const FORM_TYPES = ['note', 'enduserFacing'] as const;
export const INTAKE_PHONE_OPTIONS = ['optional', 'required'] as const;
export const FORM_FIELD_TYPES = [
  'email', 'file', 'multiple_choice', 'number', 'phone', 'signature', 'string', 'stringLong', 'ranking', 'rating', 'date',
  'dateString', 'Question Group', 'Table Input', 'description', 'Address',
] as const;
export const TABLE_INPUT_TYPES = ['Text', 'Date', 'Select'] as const;

export const formScoring = v.listOf(
  v.objectOf({
    title: required(v.string(100)),
    fieldId: required(v.id),
    response: optional(v.string()),
    score: required((value) => (typeof value === 'number' ? v.number()(value) : v.string()(value))),
  }),
);

/** Options of a form field; which keys apply depends on the field's type (docs/contract/entities.md#forms). */
export const formFieldOptions = v.objectOf({
  // multiple_choice and ranking
  choices: optional(v.listOf(v.string())),
  radio: optional(v.boolean),
  other: optional(v.boolean),
  // Table Input
  tableChoices: optional(
    v.listOf(
      v.objectOf({
        label: required(v.string()),
        type: required(v.oneOf(TABLE_INPUT_TYPES)),
        info: optional(v.objectOf({ choices: optional(v.listOf(v.string())) })),
      }),
    ),
  ),
  // Question Group
  subFields: optional(v.listOf(v.objectOf({ id: required(v.id) }))),
  // signature
  pdfAttachment: optional(v.text(5000)),
  signatureUrl: optional(v.text(5000)),
  // rating
  from: optional(v.number()),
  to: optional(v.number()),
  // others the reference client sends
  default: optional(v.text()),
  validFileTypes: optional(v.listOf(v.string(100))),
  maxLength: optional(v.nonNegativeNumber),
  minLength: optional(v.nonNegativeNumber),
  repeat: optional(v.boolean),
  useDatePicker: optional(v.boolean),
});

/** Where a field sits in the form's flow: the first field ('root'), after another, or on a condition. */
export const previousFields = v.listOf(
  byType({
    root: noInfo,
    after: infoOf({ fieldId: required(v.id) }),
    previousEquals: infoOf({ fieldId: required(v.id), equals: required(v.string(250)) }),
    compoundLogic: infoOf({
      fieldId: required(v.id),
      priority: required(v.number()),
      label: optional(v.text()),
      condition: required(v.jsonObject()),
    }),
  }),
);

/** Operators a condition's rule may use on one answer (the reference client's form logic). */
const ANSWER_OPERATORS = ['$ne', '$exists', '$gt', '$lt', '$contains', '$doesNotContain'];
const MAX_CONDITION_DEPTH = 10;

const answerRule = (rule: unknown, question: string) => {
  if (typeof rule === 'string' || typeof rule === 'number') return;
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) return fail(`The rule for ${question} must be a value or an object with one of ${ANSWER_OPERATORS.join(', ')}`);
  const keys = Object.keys(rule);
  if (keys.length !== 1 || !ANSWER_OPERATORS.includes(keys[0])) return fail(`The rule for ${question} must be a value or an object with one of ${ANSWER_OPERATORS.join(', ')}`);
  const operand = (rule as Record<string, unknown>)[keys[0]];
  if (keys[0] === '$exists' ? typeof operand !== 'boolean' : typeof operand !== 'string' && typeof operand !== 'number') {
    return fail(`The rule for ${question} has an invalid value for ${keys[0]}`);
  }
};

const compoundCondition = (value: unknown, depth: number): void => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(`Expected a condition object but got ${v.describeValue(value)}`);
  if (depth > MAX_CONDITION_DEPTH) return fail(`Conditions may nest at most ${MAX_CONDITION_DEPTH} levels deep`);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length !== 1) return fail('A condition must have exactly one of $and, $or or condition');
  const [[key, inner]] = entries;
  if (key === '$and' || key === '$or') {
    if (!Array.isArray(inner) || !inner.length) return fail(`${key} must be a non-empty list of conditions`);
    for (const part of inner) compoundCondition(part, depth + 1);
    return;
  }
  if (key !== 'condition') return fail(`Unknown condition key ${key} (expected $and, $or or condition)`);
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner) || Object.keys(inner).length !== 1) {
    return fail('condition must name exactly one question: { condition: { <question id>: <rule> } }');
  }
  const [[question, rule]] = Object.entries(inner as Record<string, unknown>);
  answerRule(rule, question);
};

/**
 * When a Question Group's sub-question shows (the reference client's groupShowCondition): a compound
 * condition on the answers, written like compoundLogic's: { $and: [...] }, { $or: [...] } or
 * { condition: { <question id>: <value or { $ne | $exists | $gt | $lt | $contains | $doesNotContain }> } }.
 * {} always shows.
 */
export const groupShowCondition: Validator<Record<string, unknown>> = (value) => {
  const object = v.jsonObject(25_000)(value);
  if (Object.keys(object).length) compoundCondition(object, 1);
  return object;
};

const responseText = (max: number): Validator<string> => (value) => {
  if (typeof value !== 'string') return fail(`Expecting string but got ${v.describeValue(value)}`);
  if (value.length > max) return fail(`Response must not exceed ${max} characters`);
  return value;
};

const responseNumber: Validator<number> = (value) => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) return fail('Response must be a number');
  return parsed;
};

/** Unanswered optional questions arrive as ''. */
const orEmpty = <T>(validate: Validator<T>): Validator<T | ''> => (value) => (value === '' ? '' : validate(value));

const MM_DD_YYYY = /^\d{2}-\d{2}-\d{4}$/;
const dateString: Validator<string> = (value) => {
  if (value === '') return '';
  if (typeof value !== 'string' || !MM_DD_YYYY.test(value)) return fail('Enter a date in MM-DD-YYYY format');
  return value;
};

/** A single choice arrives as a string from some clients: stored as a one-item list. */
const choiceList: Validator<string[]> = (value) => v.listOf(v.text(1000))(typeof value === 'string' ? [value] : value);

/** Answer values by field type (docs/contract/entities.md#answer-values, validation.md#form-answers). */
export const formAnswer = byType({
  email: { value: optional(orEmpty(v.email)) },
  file: {
    value: optional(v.objectOf({ name: required(v.text(5000)), secureName: required(v.string(250)), type: optional(v.text()) })),
  },
  multiple_choice: { value: optional(choiceList) },
  number: { value: optional(orEmpty(responseNumber)) },
  phone: { value: optional(orEmpty(v.phone)) },
  signature: {
    value: optional(
      v.objectOf({
        signed: optional(v.boolean),
        fullName: optional(v.text()),
        pdfAttachment: optional(v.text()),
        url: optional(v.text()),
      }),
    ),
  },
  string: { value: optional(responseText(1000)) },
  stringLong: { value: optional(responseText(10000)) },
  ranking: { value: optional(v.listOf(v.text(1000))) },
  rating: { value: optional(orEmpty(responseNumber)) },
  date: { value: optional(orEmpty(v.date)) },
  dateString: { value: optional(dateString) },
  'Question Group': { value: optional(v.listOf(v.objectOf({ id: required(v.id) }))) },
  'Table Input': {
    value: optional(v.listOf(v.listOf(v.objectOf({ label: required(v.string()), entry: optional(v.text()) })))),
  },
  description: { value: optional(v.text(25000)) },
  Address: {
    value: optional(
      v.objectOf({
        addressLineOne: optional(v.text()),
        addressLineTwo: optional(v.text()),
        city: optional(v.text()),
        state: optional(v.text(100)),
        zipCode: optional(v.text(100)),
        zipPlusFour: optional(v.text(100)),
      }),
    ),
  },
});

export const idOrEmpty: Validator<string> = (value) => (value === '' ? '' : v.id(value));

export const formResponses = v.listOf(
  v.objectOf({
    fieldId: required(idOrEmpty),
    fieldTitle: required(v.text(5000)),
    fieldDescription: optional(v.text(5000)),
    fieldHtmlDescription: optional(v.text(25000)),
    answer: required(formAnswer),
    touched: optional(v.boolean),
    // sent by the reference client's form filler
    answerIsHTML: optional(v.boolean),
    externalId: optional(v.text()),
    sharedWithEnduser: optional(v.boolean),
    isCalledOut: optional(v.boolean),
    isHighlightedOnTimeline: optional(v.boolean),
    computedValueKey: optional(v.text()),
    disabled: optional(v.boolean),
    intakeField: optional(v.text(5000)),
  }),
);
