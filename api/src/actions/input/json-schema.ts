import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { CHECKED } from './checked';
import { refusesUnknownFields } from './refuse-unknown';
import type { InputClass, JsonSchema } from './types';

export type { InputClass, JsonSchema } from './types';

const ID_PATTERN = '^[0-9a-fA-F]{24}$';

/** What each class-validator check says about a value, in JSON Schema (2020-12, as OpenAPI 3.1 reads it). */
const constraintSchema = (metadata: ValidationMetadata): JsonSchema => {
  const [first, second] = metadata.constraints ?? [];
  switch (metadata.name) {
    case CHECKED:
      return first as JsonSchema;
    case 'isString':
      return { type: 'string' };
    case 'isNotEmpty':
      return { minLength: 1 };
    case 'isMongoId':
      return { type: 'string', pattern: ID_PATTERN };
    case 'isEmail':
      return { type: 'string', format: 'email' };
    case 'isBoolean':
      return { type: 'boolean' };
    case 'isInt':
      return { type: 'integer' };
    case 'isNumber':
      return { type: 'number' };
    case 'min':
      return { minimum: first };
    case 'max':
      return { maximum: first };
    case 'maxLength':
      return { maxLength: first };
    case 'minLength':
      return { minLength: first };
    case 'isLength':
      return { minLength: first, ...(second === undefined ? {} : { maxLength: second }) };
    case 'isIn':
      return { enum: first };
    case 'isDateString':
    case 'isISO8601':
      return { type: 'string', format: 'date-time' };
    case 'isObject':
      return { type: 'object' };
    case 'isArray':
      return { type: 'array' };
    case 'arrayMaxSize':
      return { type: 'array', maxItems: first };
    case 'arrayMinSize':
      return { type: 'array', minItems: first };
    case 'isUrl':
      return { type: 'string', format: 'uri' };
    default:
      return {};
  }
};

const isRequired = (checks: ValidationMetadata[]) =>
  !checks.some((check) => check.type === 'conditionalValidation' || (check.name === CHECKED && check.constraints?.[1] === false));

/**
 * The JSON Schema of a named call's input, read from the same class-validator metadata that
 * validates it, so the documentation cannot drift from what the server accepts.
 */
export const inputSchema = (input: InputClass): JsonSchema => {
  const storage = getMetadataStorage();
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const metadata of storage.getTargetValidationMetadatas(input, '', true, false)) {
    byProperty.set(metadata.propertyName, [...(byProperty.get(metadata.propertyName) ?? []), metadata]);
  }
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, checks] of byProperty) {
    let schema: JsonSchema = {};
    let items: JsonSchema | undefined;
    // Decorators run bottom-up; reading them in declaration order keeps the documented order natural.
    for (const check of [...checks].reverse()) {
      const part = constraintSchema(check);
      if (check.each) items = { ...items, ...part };
      else schema = { ...schema, ...part };
    }
    if (items) schema = { type: 'array', ...schema, items };
    properties[name] = schema;
    if (isRequired(checks)) required.push(name);
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(refusesUnknownFields(input) ? { additionalProperties: false } : {}),
  };
};
