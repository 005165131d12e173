import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, type ValidationError } from 'class-validator';
import { badRequest, fieldError } from '../errors';
import { refusesUnknownFields } from './input/refuse-unknown';

const firstMessage = (error: ValidationError): string =>
  Object.values(error.constraints ?? {})[0] ?? (error.children?.length ? firstMessage(error.children[0]) : 'Invalid value');

/**
 * Validates a named call's payload against its class-validator DTO. The first failing property is
 * reported the way the reference server words it: "Error parsing field <name>: <message>".
 */
export const parseInput = <T extends object>(dto: new () => T, body: unknown): T => {
  // A JSON array or a bare value names no field: read as an empty input ('Value not provided ...').
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  if (refusesUnknownFields(dto)) {
    const known = new Set(getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).map((check) => check.propertyName));
    const unknown = Object.keys(raw).filter((key) => !known.has(key));
    if (unknown.length) throw badRequest(`Got unexpected field(s) [${unknown.join(', ')}]`);
  }
  const instance = plainToInstance(dto, raw);
  const errors = validateSync(instance, { forbidUnknownValues: false, whitelist: true });
  if (errors.length) {
    const [error] = errors;
    const message = firstMessage(error);
    if (message.startsWith('Value not provided')) throw badRequest(message, { field: error.property });
    throw badRequest(`Error parsing field ${error.property}: ${message}`, { field: error.property });
  }
  return instance;
};

/**
 * A value put through one of the resource validators (email, phone, name ...) after the DTO's checks:
 * the validator's normalised value, or a 400 naming the field with the validator's message.
 */
export const validatedField = <T>(field: string, validate: (value: unknown) => T, value: unknown): T => {
  try {
    return validate(value);
  } catch (error) {
    throw fieldError(field, error);
  }
};
