import { FieldError, isId, keepSecretParts, type ActorInfo, type CheckContext, type FieldDefinition, type ResourceDefinition } from '@carelane/db';
import { badRequest, fieldError } from './errors';

/** Fields every record has, set by the server from the caller and the clock. */
const SERVER_COMMON_FIELDS = new Set(['id', '_id', 'businessId', 'creator', 'createdAt', 'updatedAt']);
const CLIENT_COMMON_FIELDS = new Set(['organizationIds', 'sharedWithOrganizations']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const validateField = (key: string, field: FieldDefinition, value: unknown) => {
  if (!field.validate) return value;
  try {
    return field.validate(value);
  } catch (error) {
    throw fieldError(key, error);
  }
};

const rejectUnknown = (definition: ResourceDefinition, input: Record<string, unknown>, allowServerCommon: boolean) => {
  const unknown = Object.keys(input).filter(
    (key) => !Object.hasOwn(definition.fields, key) && !CLIENT_COMMON_FIELDS.has(key) && !(allowServerCommon && SERVER_COMMON_FIELDS.has(key)),
  );
  if (unknown.length) throw badRequest(`Got unexpected field(s) [${unknown.join(', ')}]`);
};

/** Whether an update's value is the stored one (ids compare without case, as they are stored lower-case). */
const sameValue = (stored: unknown, value: unknown) =>
  typeof value === 'string' && isId(value) ? stored === value.toLowerCase() : JSON.stringify(stored) === JSON.stringify(value);

/** Validates a create payload: exact messages, defaults applied, server-only fields refused. */
export const parseCreate = (definition: ResourceDefinition, input: unknown, actor?: ActorInfo) => {
  if (!isPlainObject(input)) throw badRequest('Expected a non-null object');
  // Clients echo whole records back (id, createdAt ...): the server's own values win, silently.
  rejectUnknown(definition, input, true);
  const record: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(definition.fields)) {
    const value = input[key];
    if (value === undefined || value === null) {
      if (field.default) record[key] = field.default();
      else if (field.required) throw badRequest(`Value not provided for required field: ${key}`, { field: key });
      continue;
    }
    // A server-kept field given its starting value (a counter's 0) asks for nothing the server would not do.
    if (field.readonly && !field.secret && field.default && sameValue(field.default(), value)) {
      record[key] = field.default();
      continue;
    }
    if (field.readonly) throw badRequest(`Error parsing field ${key}: This field cannot be updated`, { field: key });
    record[key] = validateField(key, field, value);
  }
  if (definition.onCreate && actor) Object.assign(record, definition.onCreate(record, actor));
  runCheck(definition, record, { actor });
  return record;
};

/** Cross-field rules report their message as it is, without a field prefix. */
const runCheck = (definition: ResourceDefinition, record: Record<string, unknown>, context: CheckContext) => {
  try {
    definition.check?.(record, context);
  } catch (error) {
    if (error instanceof FieldError) throw badRequest(error.message);
    throw error;
  }
};

const mergeValue = (current: unknown, update: unknown) => {
  if (Array.isArray(current) && Array.isArray(update)) {
    const merged = [...current];
    for (const item of update) {
      if (!merged.some((existing) => JSON.stringify(existing) === JSON.stringify(item))) merged.push(item);
    }
    return merged;
  }
  if (isPlainObject(current) && isPlainObject(update)) return { ...current, ...update };
  return update;
};

/**
 * Validates `updates` against the stored record. Object and list fields merge into what is stored
 * unless `replaceObjectFields` is set; null clears an optional field.
 */
export const parseUpdate = (
  definition: ResourceDefinition,
  existing: Record<string, unknown>,
  updates: unknown,
  options: { replaceObjectFields?: boolean } = {},
  actor?: ActorInfo,
) => {
  if (!isPlainObject(updates)) throw badRequest('Error parsing field updates: Expected a non-null object');
  rejectUnknown(definition, updates, false);
  const changes: Record<string, unknown> = {};
  const appended: Record<string, unknown[]> = {};
  for (const [key, value] of Object.entries(updates)) {
    if (value === undefined) continue;
    // Own fields only: a key such as toString or __proto__ names no field of any definition.
    const field = Object.hasOwn(definition.fields, key) ? definition.fields[key] : undefined;
    if (!field) continue; // organizationIds / sharedWithOrganizations: handled by access rules
    // A fixed or server-kept field named with the value it already holds changes nothing: not refused
    // (the reference client's updates may carry the whole record back, references and counters included).
    // Never for a secret (the answer would tell a guess of it right from wrong).
    if ((field.readonly || field.updatable === false) && !field.secret && sameValue(existing[key], value)) continue;
    if (field.readonly || field.updatable === false) {
      throw badRequest(`Error parsing field ${key}: This field cannot be updated`, { field: key });
    }
    if (value === null) {
      if (field.required) throw badRequest(`Value not provided for required field: ${key}`, { field: key });
      changes[key] = null;
      continue;
    }
    const parsed = validateField(key, field, value);
    const merging = field.column === 'json' && !options.replaceObjectFields;
    if (merging && Array.isArray(parsed) && Array.isArray(existing[key])) appended[key] = parsed;
    changes[key] = merging ? mergeValue(existing[key], parsed) : parsed;
    // A write-only part the client never read (a webhook step's secret) stays as stored while what it belongs to does.
    if (field.secretParts) changes[key] = keepSecretParts(field, existing[key], changes[key]);
  }
  runCheck(definition, { ...existing, ...changes }, { actor, previous: existing, appended });
  return changes;
};
