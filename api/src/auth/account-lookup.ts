import type { DataSource } from 'typeorm';
import { validators } from '@carelane/db';
import { badRequest, fieldError } from '../errors';

export interface AccountIdentifiers {
  id?: string;
  externalId?: string;
  email?: string;
  phone?: string;
  durationInSeconds?: number;
}

const MAX_TOKEN_SECONDS = 30 * 24 * 60 * 60;

const optional = <T>(field: string, value: unknown, validate: (value: unknown) => T): T | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  try {
    return validate(value);
  } catch (error) {
    throw fieldError(field, error);
  }
};

/** Reads id / externalId / email / phone / durationInSeconds from a query string or body, normalised. */
export const parseAccountIdentifiers = (input: Record<string, unknown>): AccountIdentifiers => {
  const durationInSeconds = optional('durationInSeconds', input.durationInSeconds, validators.number(1, MAX_TOKEN_SECONDS));
  return {
    id: optional('id', input.id, validators.id),
    externalId: optional('externalId', input.externalId, validators.string(250)),
    email: optional('email', input.email, validators.email),
    phone: optional('phone', input.phone, validators.phone),
    durationInSeconds,
  };
};

export const IDENTIFIER_REQUIRED = 'One of id, externalId, email, or phone is required';

/** The first (oldest) account of the business matching the first identifier given. */
export const findAccount = async (dataSource: DataSource, table: 'users' | 'endusers', businessId: string, ids: AccountIdentifiers) => {
  const where: Record<string, string> = { businessId };
  if (ids.id) where._id = ids.id;
  else if (ids.externalId) where.externalId = ids.externalId;
  else if (ids.email) where.email = ids.email;
  else if (ids.phone) where.phone = ids.phone;
  else throw badRequest(IDENTIFIER_REQUIRED);
  const row = await dataSource.getRepository(table).findOne({ where, order: { _id: 'ASC' } });
  return (row ?? undefined) as Record<string, unknown> | undefined;
};
