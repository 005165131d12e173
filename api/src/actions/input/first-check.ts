import { isEmail } from 'class-validator';
import { fail } from '@carelane/db';

type Validator<T> = (value: unknown) => T;

/**
 * Validators for fields that calls answered in two steps: a first check with its own message (a
 * string, an email) and then a resource validator (@carelane/db validators). Composed here so the
 * input class checks both (and /openapi.json documents the field) with the messages unchanged.
 */
export const stringThen =
  <T>(message: string, validate: Validator<T>): Validator<T> =>
  (value) =>
    typeof value === 'string' ? validate(value) : fail(message);

/** class-validator's IsEmail first ('Invalid email'), then the resource's email validator. */
export const emailThen =
  <T>(message: string, validate: Validator<T>): Validator<T> =>
  (value) =>
    typeof value === 'string' && isEmail(value) ? validate(value) : fail(message);
