// The shapes the input helpers share, in a file of their own so checked.ts, refuse-unknown.ts and json-schema.ts import them without importing each other.

export type JsonSchema = Record<string, unknown>;

/** A named call's input class (a class-validator DTO). */
export type InputClass<T extends object = object> = new () => T;
