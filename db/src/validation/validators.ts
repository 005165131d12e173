import { isEmail, isMobilePhone, isURL, isMimeType } from 'class-validator';
import { isId } from '../ids';
import { fail } from './field-error';

/**
 * Field validators: each takes the raw value from a payload and returns the normalised value to
 * store, or throws a FieldError carrying the contract's exact message (docs/contract/validation.md,
 * api.md#error-catalogue). Format checks come from class-validator's functions rather than our own
 * regular expressions.
 */
export type Validator<T = unknown> = (value: unknown) => T;

export const LIMITS = {
  defaultString: 1000,
  list: 1000,
  number: 1e13,
  email: 250,
  phone: 25,
  name: 100,
  username: 50,
  fileSize: 25_000_000,
  customFieldKey: 256,
  customFieldString: 512,
  customFieldObject: 4096,
  /** All of a record's custom fields together, as JSON: big lists of records stay readable. */
  customFieldsTotal: 100_000,
  journeyStateName: 75,
} as const;

/** The start of a rejected value, as error messages quote it. */
export const describeValue = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (text ?? String(value)).slice(0, 100);
};

export const string = (max: number = LIMITS.defaultString): Validator<string> => (value) => {
  if (typeof value !== 'string' || value === '') return fail(`Expecting non-empty string but got ${describeValue(value)}`);
  if (value.length > max) return fail(`String must not exceed ${max} characters`);
  return value;
};

/** Strings that may be empty (descriptions, html bodies cleared by an update). */
export const text = (max: number = LIMITS.defaultString): Validator<string> => (value) => {
  if (typeof value !== 'string') return fail(`Expecting string but got ${describeValue(value)}`);
  if (value.length > max) return fail(`String must not exceed ${max} characters`);
  return value;
};

/** A journey state's name, wherever one is written (journeys' states, an enduser's journeys map, status updates). */
export const journeyStateName: Validator<string> = (value) => {
  if (typeof value === 'string' && value.length > LIMITS.journeyStateName) return fail('Journey state names may not exceed 75 characters');
  return string(LIMITS.journeyStateName)(value);
};

export const id: Validator<string> = (value) => (isId(value) ? value.toLowerCase() : fail('Invalid id'));

export const email: Validator<string> = (value) => {
  if (typeof value !== 'string' || value.length > LIMITS.email || !isEmail(value.trim())) {
    return fail(`Invalid email: ${describeValue(value)}`);
  }
  return value.trim().toLowerCase();
};

export const phone: Validator<string> = (value) => {
  if (typeof value !== 'string' && typeof value !== 'number') return fail('Invalid phone number');
  let digits = String(value).replace(/[^\d+]/g, '');
  if (digits.replace(/\D/g, '').length < 10) return fail('Phone number must be at least 10 digits');
  if (/^\d{10}$/.test(digits)) digits = `+1${digits}`;
  else if (!digits.startsWith('+')) digits = `+${digits}`;
  if (digits.length > LIMITS.phone || !isMobilePhone(digits, undefined, { strictMode: true })) return fail('Invalid phone number');
  return digits;
};

export const name: Validator<string> = (value) => {
  if (typeof value !== 'string' || value.trim() === '') return fail('Invalid name');
  const trimmed = value.trim();
  if (trimmed.length > LIMITS.name || !/^[\p{L}\p{N}\-_ /.']+$/u.test(trimmed)) return fail('Invalid name');
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
};

export const username: Validator<string> = (value) => {
  if (typeof value !== 'string' || !/^[a-z0-9-]{1,50}$/.test(value)) return fail('Invalid username');
  return value;
};

export const number = (min: number = -LIMITS.number, max: number = LIMITS.number): Validator<number> => (value) => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) return fail('Not a valid number');
  if (parsed < min || parsed > max) return fail(`Not a valid number for [${min}-${max}]`);
  return parsed;
};

export const nonNegativeNumber = number(0, LIMITS.number);

export const boolean: Validator<boolean> = (value) => {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return fail('Invalid boolean');
};

export const date: Validator<Date> = (value) => {
  const parsed = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) return fail('Invalid date');
  return parsed;
};

export const url: Validator<string> = (value) =>
  typeof value === 'string' && value.length <= LIMITS.defaultString && isURL(value, { require_tld: false })
    ? value
    : fail('Invalid URL');

export const mimeType: Validator<string> = (value) =>
  typeof value === 'string' && isMimeType(value) ? value : fail('Invalid mime type');

export const oneOf = <T extends string>(choices: readonly T[]): Validator<T> => (value) =>
  choices.includes(value as T) ? (value as T) : fail(`Value must match one of ${choices.join(', ')}`);

export const listOf = <T>(item: Validator<T>, max: number = LIMITS.list): Validator<T[]> => (value) => {
  if (!Array.isArray(value)) return fail(`Expecting a list but got ${describeValue(value)}`);
  if (value.length > max) return fail('Arrays should not contain more than 1000 elements');
  return value.map(item);
};

export type Shape = Record<string, { validate: Validator; required?: boolean }>;

/** A nested object with known keys: unknown keys are rejected, as the reference server does. */
export const objectOf = (shape: Shape, { allowUnknown = false, ignoreUnknown = false } = {}): Validator<Record<string, unknown>> => (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(`Expected a non-null object by got ${describeValue(value)}`);
  }
  const input = value as Record<string, unknown>;
  const unknown = Object.keys(input).filter((key) => !(key in shape));
  // ignoreUnknown: other keys are dropped, not refused (shapes the reference client sends with extras).
  if (unknown.length && !allowUnknown && !ignoreUnknown) return fail(`Got unexpected field(s) [${unknown.join(', ')}]`);
  const output: Record<string, unknown> = allowUnknown ? { ...input } : {};
  for (const [key, rule] of Object.entries(shape)) {
    const raw = input[key];
    if (raw === undefined || raw === null) {
      if (rule.required) return fail(`missing value for ${key}`);
      continue;
    }
    output[key] = rule.validate(raw);
  }
  return output;
};

export const required = (validate: Validator) => ({ validate, required: true });
export const optional = (validate: Validator) => ({ validate });

/** Any JSON object (free-form settings): bounded in size so one record cannot swallow the database. */
export const jsonObject = (maxChars = 100_000): Validator<Record<string, unknown>> => (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(`Expected a non-null object by got ${describeValue(value)}`);
  }
  if (JSON.stringify(value).length > maxChars) return fail(`Object must not exceed ${maxChars} characters as JSON`);
  return value as Record<string, unknown>;
};

const RESERVED_CUSTOM_FIELD_KEYS = ['_id', 'email', 'phone', 'fname', 'lname', 'journeys', 'tags', 'preference'];

/** Custom fields on endusers and similar records (docs/contract/validation.md#custom-fields). */
export const customFields: Validator<Record<string, unknown>> = (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(`Expected a non-null object by got ${describeValue(value)}`);
  }
  const output: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (RESERVED_CUSTOM_FIELD_KEYS.includes(key)) return fail(`${key} is a reserved field name`);
    if (key.startsWith('_')) return fail(`Fields that start with '_' are not allowed`);
    if (key.length > LIMITS.customFieldKey) return fail(`Field names must not exceed ${LIMITS.customFieldKey} characters`);
    if (typeof raw === 'string') output[key] = raw.slice(0, LIMITS.customFieldString);
    else if (typeof raw === 'object' && raw !== null) {
      if (JSON.stringify(raw).length > LIMITS.customFieldObject) {
        return fail(`Custom field values must not exceed ${LIMITS.customFieldObject} characters as JSON`);
      }
      output[key] = raw;
    } else output[key] = raw;
  }
  return customFieldsWithinTotal(output);
};

export const CUSTOM_FIELDS_TOO_LARGE = `Custom fields must not exceed ${LIMITS.customFieldsTotal} characters in total as JSON`;

/** The total limit of a record's custom fields (also checked on the merged record after an update). */
export const customFieldsWithinTotal = <T>(fields: T): T => {
  if (fields && JSON.stringify(fields).length > LIMITS.customFieldsTotal) return fail(CUSTOM_FIELDS_TOO_LARGE);
  return fields;
};

/** A string-keyed map of ids (e.g. the enduser's journeys map: journey id to state name). */
export const idMap = <T>(valueValidator: Validator<T>): Validator<Record<string, T>> => (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(`Expected a non-null object by got ${describeValue(value)}`);
  }
  const output: Record<string, T> = {};
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    id(key);
    output[key] = valueValidator(raw);
  }
  return output;
};

/** Server password rule (docs/contract/validation.md#password): at least 8 characters, a lowercase letter, and an uppercase letter, digit or symbol. */
export const password: Validator<string> = (value) => {
  if (typeof value !== 'string' || value.length < 8) return fail('Password must be at least 8 characters long');
  if (value.length > 100) return fail('Password must not exceed 100 characters');
  if (!/[a-z]/.test(value)) return fail('Password must include 1 lowercase letter');
  if (!/[A-Z0-9]|[^A-Za-z0-9]/.test(value)) return fail('Password must included 1 uppercase letter, 1 number, or 1 symbol');
  return value;
};

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------
// Shapes shared by the domain validators (identity-, messaging-, forms-, automation-validators ...)

/**
 * An object whose `type` chooses its shape ({ type: 'sendEmail', info: {...} }): the type must be one
 * of the listed ones ('Value must match one of ...'), then the whole object is checked against that
 * type's shape plus the keys every type shares.
 */
export const byType = (shapes: Record<string, Shape>, shared: Shape = {}): Validator<Record<string, unknown>> => {
  const types = Object.keys(shapes);
  const validators = new Map(types.map((type) => [type, objectOf({ type: required(oneOf([type])), ...shared, ...shapes[type] })]));
  return (value) => {
    if (!isObject(value)) return fail(`Expected a non-null object by got ${describeValue(value)}`);
    if (value.type === undefined || value.type === null) return fail('missing value for type');
    return validators.get(oneOf(types)(value.type))!(value);
  };
};

/** `info: {}` for types that carry nothing. */
export const noInfo = { info: optional(objectOf({})) };
export const infoOf = (shape: Shape) => ({ info: required(objectOf(shape)) });

/** Stamps that clients clear with '' (sendAt, acknowledgedAt, cancelledAt, usedAt ...): '' is stored as null. */
export const dateOrEmpty: Validator<Date | null> = (value) => (value === '' ? null : date(value));

/** US state and territory codes (docs/contract/entities.md#other-shapes). */
export const US_STATES = [
  'AK', 'AL', 'AR', 'AS', 'AZ', 'CA', 'CO', 'CT', 'DC', 'DE', 'FL', 'GA', 'GU', 'HI', 'IA', 'ID', 'IL', 'IN', 'KS',
  'KY', 'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MP', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY',
  'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UM', 'UT', 'VA', 'VI', 'VT', 'WA', 'WI', 'WV', 'WY',
] as const;
export const usState = oneOf(US_STATES);
