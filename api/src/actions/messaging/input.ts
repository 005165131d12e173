import { validators } from '@carelane/db';
import { badRequest, fieldError } from '../../errors';

type Validator<T> = (value: unknown) => T;

/** A named call's field, with the reference server's messages ('Value not provided for required field: x', 'Error parsing field x: ...'). */
export const requiredField = <T>(input: Record<string, unknown>, name: string, validate: Validator<T>): T => {
  const value = input[name];
  if (value === undefined || value === null) throw badRequest(`Value not provided for required field: ${name}`, { field: name });
  try {
    return validate(value);
  } catch (error) {
    throw fieldError(name, error);
  }
};

export const optionalField = <T>(input: Record<string, unknown>, name: string, validate: Validator<T>): T | undefined =>
  input[name] === undefined || input[name] === null ? undefined : requiredField(input, name, validate);

export const COMMUNICATION_CHANNELS = ['Email', 'SMS', 'Chat'] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

export const v = validators;
