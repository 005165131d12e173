import type { JsonSchema } from './json-schema';

/** The documented schemas of the resource validators a named call's fields use (paired in Required/Optional). */
export const S = {
  id: { type: 'string', pattern: '^[0-9a-fA-F]{24}$' },
  email: { type: 'string', format: 'email', maxLength: 250 },
  phone: { type: 'string', description: 'Phone number (E.164 or a US number)' },
  name: { type: 'string', minLength: 1, maxLength: 100 },
  password: { type: 'string', minLength: 8 },
  string: (maxLength = 1000): JsonSchema => ({ type: 'string', minLength: 1, maxLength }),
  text: (maxLength = 1000): JsonSchema => ({ type: 'string', maxLength }),
  boolean: { type: 'boolean' },
  number: (minimum?: number, maximum?: number): JsonSchema => ({
    type: 'number',
    ...(minimum === undefined ? {} : { minimum }),
    ...(maximum === undefined ? {} : { maximum }),
  }),
  date: { type: 'string', format: 'date-time' },
  url: { type: 'string', format: 'uri' },
  object: { type: 'object' },
  oneOf: (choices: readonly unknown[]): JsonSchema => ({ enum: [...choices] }),
  listOf: (items: JsonSchema, maxItems = 1000): JsonSchema => ({ type: 'array', items, maxItems }),
  /** Any JSON value (free-form answers, context objects). */
  any: {},
} satisfies Record<string, JsonSchema | ((...args: never[]) => JsonSchema)>;
