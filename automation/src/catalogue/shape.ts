/**
 * The input shapes of the automation catalogue, as plain data: what each event's and action's `info`
 * holds. The catalogue is pure (workflow code imports this package), so it cannot hold validators;
 * db/src/validation/catalogue-shapes.ts turns these into the validators every write goes through,
 * with the exact messages, and the console reads the same fields for its forms.
 */

/** What a field's value names, when it names a record or a choice staff pick from a list. */
export type Picker = 'template' | 'form' | 'journey' | 'staff' | 'step' | 'trigger' | 'content' | 'tags' | 'state' | 'field' | 'waitlist';

export type FieldShape =
  | { kind: 'id'; picker?: Picker }
  | { kind: 'string'; max?: number; picker?: Picker }
  | { kind: 'text'; max?: number }
  | { kind: 'number'; min?: number; max?: number }
  | { kind: 'nonNegativeNumber' }
  | { kind: 'boolean' }
  | { kind: 'email' }
  | { kind: 'url' }
  | { kind: 'oneOf'; values: readonly string[] }
  | { kind: 'list'; of: FieldShape; picker?: Picker }
  | { kind: 'object'; fields: InfoShape }
  | { kind: 'json'; max: number }
  /** `{ type, info }` with one info shape per type (null: `info` is optional and empty). */
  | { kind: 'byType'; types: Record<string, InfoShape | null> };

export type Field = FieldShape & { required?: boolean; /** What staff read for this setting. */ label?: string };

/** An `info` object's fields; unknown keys are refused. */
export type InfoShape = Record<string, Field>;

const req = <T extends FieldShape>(shape: T, label?: string): Field => ({ ...shape, required: true, ...(label ? { label } : {}) });
const opt = <T extends FieldShape>(shape: T, label?: string): Field => ({ ...shape, ...(label ? { label } : {}) });

/** Field builders for the catalogue's entries. */
export const f = {
  req,
  opt,
  id: (picker?: Picker): FieldShape => ({ kind: 'id', ...(picker ? { picker } : {}) }),
  string: (max?: number, picker?: Picker): FieldShape => ({ kind: 'string', ...(max ? { max } : {}), ...(picker ? { picker } : {}) }),
  text: (max?: number): FieldShape => ({ kind: 'text', ...(max ? { max } : {}) }),
  number: (min?: number, max?: number): FieldShape => ({ kind: 'number', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }),
  nonNegativeNumber: { kind: 'nonNegativeNumber' } as FieldShape,
  boolean: { kind: 'boolean' } as FieldShape,
  email: { kind: 'email' } as FieldShape,
  url: { kind: 'url' } as FieldShape,
  oneOf: (values: readonly string[]): FieldShape => ({ kind: 'oneOf', values }),
  list: (of: FieldShape, picker?: Picker): FieldShape => ({ kind: 'list', of, ...(picker ? { picker } : {}) }),
  object: (fields: InfoShape): FieldShape => ({ kind: 'object', fields }),
  json: (max: number): FieldShape => ({ kind: 'json', max }),
  byType: (types: Record<string, InfoShape | null>): FieldShape => ({ kind: 'byType', types }),
};

/** The ways a message reaches an enduser (a step's or reminder's `channel`). */
export const COMMUNICATION_CHANNELS = ['Email', 'SMS', 'Chat'] as const;
