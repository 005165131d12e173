import { ValidateBy, type ValidationArguments } from 'class-validator';
import type { JsonSchema } from './types';

/** One of the resource validators (@carelane/db validators): the normalised value, or a thrown FieldError. */
type Validator = (value: unknown) => unknown;

/** The name the JSON-schema builder looks for; its constraints are the field's documented schema and whether it is required. */
export const CHECKED = 'checked';

const failures = new WeakMap<object, Map<string, string>>();

/**
 * A field checked by one of the resource validators (@carelane/db validators: id, email, string ...),
 * so a named call answers with exactly the message a resource's field would: 'Value not provided for
 * required field: x' or 'Error parsing field x: <validator message>'. The validator's normalised value
 * (a lower-cased id, a parsed Date ...) replaces the raw one, as the handler reads it. `schema` is what
 * /openapi.json documents for the field.
 */
interface FieldOptions {
  /** '' counts as absent (fields a form may leave blank). */
  emptyIsAbsent?: boolean;
  /** A required field's absence is answered by the validator's own message (as the call always answered it), not 'Value not provided ...'. */
  absentIsInvalid?: boolean;
}

const checked = (validate: Validator, schema: JsonSchema, required: boolean, { emptyIsAbsent = false, absentIsInvalid = false }: FieldOptions = {}): PropertyDecorator =>
  ValidateBy({
    name: CHECKED,
    constraints: [schema, required],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const { object, property } = args!;
        const record = object as Record<string, unknown>;
        if ((value === undefined || value === null || (emptyIsAbsent && value === '')) && !(required && absentIsInvalid)) {
          // Absent and null are the same for an optional field: the handler reads undefined.
          if (!required) {
            record[property] = undefined;
            return true;
          }
          remember(object, property, `Value not provided for required field: ${property}`);
          return false;
        }
        try {
          record[property] = validate(value);
          return true;
        } catch (error) {
          // Only a validator's FieldError is the caller's mistake; anything else is ours and propagates.
          if ((error as Error)?.name !== 'FieldError') throw error;
          remember(object, property, (error as Error).message);
          return false;
        }
      },
      defaultMessage: (args?: ValidationArguments) => failures.get(args!.object)?.get(args!.property) ?? 'Invalid value',
    },
  });

const remember = (object: object, property: string, message: string) => {
  const known = failures.get(object) ?? new Map<string, string>();
  known.set(property, message);
  failures.set(object, known);
};

/** A field the call needs: absent or null answers 'Value not provided for required field: <name>'. */
export const Required = (validate: Validator, schema: JsonSchema, options?: FieldOptions): PropertyDecorator => checked(validate, schema, true, options);

/** A field the call may do without (absent and null are the same). */
export const Optional = (validate: Validator, schema: JsonSchema, options?: FieldOptions): PropertyDecorator => checked(validate, schema, false, options);

/**
 * A field whose checks depend on records the handler loads (a form's questions, a calendar's rules):
 * documented here and passed through as sent; the handler validates it, with the same messages.
 */
export const CheckedByHandler = (schema: JsonSchema, { required = false } = {}): PropertyDecorator =>
  ValidateBy({ name: CHECKED, constraints: [schema, required], validator: { validate: () => true } });
