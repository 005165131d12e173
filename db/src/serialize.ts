import type { FieldDefinition, ResourceDefinition } from './resources/define';

type Path = readonly string[];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const valueAt = (value: unknown, path: Path): unknown => {
  let current = value;
  for (const key of path) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
};

/** A copy of `value` without `path` (the value itself when the path is not there). */
const withoutPath = (value: unknown, path: Path): unknown => {
  if (!isObject(value) || !path.length || !Object.hasOwn(value, path[0])) return value;
  const [key, ...rest] = path;
  if (!rest.length) {
    const { [key]: _removed, ...others } = value;
    return others;
  }
  const inner = withoutPath(value[key], rest);
  return inner === value[key] ? value : { ...value, [key]: inner };
};

/** A copy of `value` with `part` at `path`, when the path's parent is an object (unchanged otherwise). */
const withPath = (value: unknown, path: Path, part: unknown): unknown => {
  if (!isObject(value) || !path.length) return value;
  const [key, ...rest] = path;
  if (!rest.length) return { ...value, [key]: part };
  const inner = withPath(value[key], rest, part);
  return inner === value[key] ? value : { ...value, [key]: inner };
};

/** A json field's value without its secret parts (FieldDefinition.secretParts). */
export const withoutSecretParts = (field: FieldDefinition | undefined, value: unknown) => {
  let result = value;
  for (const { path } of field?.secretParts ?? []) result = withoutPath(result, path);
  return result;
};

/**
 * An update's value of a field with secret parts: each part the update leaves out is taken from the
 * stored value while every `keptWhileSame` path is unchanged, since the writer could not have read it
 * (a flowchart move writing back the step it read). With one of them changed (another webhook url)
 * the stored part is not carried over, so it never goes where its writer did not send it.
 */
export const keepSecretParts = (field: FieldDefinition | undefined, stored: unknown, written: unknown) => {
  let result = written;
  for (const { path, keptWhileSame } of field?.secretParts ?? []) {
    const kept = valueAt(stored, path);
    if (kept === undefined || valueAt(result, path) !== undefined) continue;
    if (!keptWhileSame.every((same) => JSON.stringify(valueAt(stored, same)) === JSON.stringify(valueAt(result, same)))) continue;
    result = withPath(result, path, kept);
  }
  return result;
};

/**
 * A stored record (or a change's fields) without what never leaves the server: secret fields, and the
 * secret parts of json fields. What change events, outbox rows and realtime messages carry.
 */
export const withoutSecrets = (definition: ResourceDefinition, record: Record<string, unknown>) => {
  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const field = Object.hasOwn(definition.fields, key) ? definition.fields[key] : undefined;
    if (field?.secret) continue;
    output[key] = field?.secretParts ? withoutSecretParts(field, value) : value;
  }
  return output;
};

/**
 * Stored row to wire record: `_id` becomes `id`, secrets and empty columns are left out. The one
 * serializer of the project: the api's reads and what automation templates see both go through it,
 * so a template can never show more than a reader of the record through the api would see.
 */
export const serialize = (definition: ResourceDefinition, row: Record<string, unknown>) => {
  const output: Record<string, unknown> = { id: row._id };
  for (const [key, value] of Object.entries(row)) {
    if (key === '_id') continue;
    const field = definition.fields[key];
    if (field?.secret) continue;
    if (value === null || value === undefined) {
      if (field?.answeredAsNull) output[key] = null;
      continue;
    }
    output[key] = field?.secretParts ? withoutSecretParts(field, value) : value;
  }
  return output;
};
