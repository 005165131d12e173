import type { DataSource } from 'typeorm';
import { endusers, users, type Operation } from '@carelane/db';
import type { Caller } from './caller';
import { applyVisibility, organizationScope } from '@carelane/engine';
import { badRequest } from '../errors';

export interface AccountIdentifiers {
  id?: string;
  externalId?: string;
  email?: string;
  phone?: string;
  durationInSeconds?: number;
}

export const IDENTIFIER_REQUIRED = 'One of id, externalId, email, or phone is required';

/**
 * The first (oldest) account matching the first identifier given, among those the caller's
 * organization sees: a sub-organization's Admin cannot reach accounts of its parent or siblings.
 */
export const findAccount = async (dataSource: DataSource, table: 'users' | 'endusers', caller: Caller, ids: AccountIdentifiers) => {
  // raw SQL: a lookup by email, phone or id, which the engine's lists do not offer; scoped below with the engine's own organizationScope and applyVisibility.
  const query = dataSource.getRepository(table).createQueryBuilder('record').where('record."businessId" = :businessId', { businessId: caller.businessId });
  if (ids.id) query.andWhere('record._id = :value', { value: ids.id });
  else if (ids.externalId) query.andWhere('record."externalId" = :value', { value: ids.externalId });
  else if (ids.email) query.andWhere('record.email = :value', { value: ids.email });
  else if (ids.phone) query.andWhere('record.phone = :value', { value: ids.phone });
  else throw badRequest(IDENTIFIER_REQUIRED);
  organizationScope(query, table === 'users' ? users : endusers, caller);
  const row = await query.orderBy('record._id', 'ASC').getOne();
  return (row ?? undefined) as Record<string, unknown> | undefined;
};

/**
 * Whether a stored record lies within what the caller sees (organization scope, own records, the
 * role matrix's 'Assigned'), and, for another operation than read, may act on it.
 */
export const visibleTo = async (dataSource: DataSource, table: 'users' | 'endusers', caller: Caller, id: string, operation: Operation = 'read') => {
  // raw SQL: whether one row exists within the caller's view, with the engine's own organizationScope and applyVisibility, without reading or serialising it.
  const query = dataSource
    .getRepository(table)
    .createQueryBuilder('record')
    .where('record."businessId" = :businessId AND record._id = :id', { businessId: caller.businessId, id });
  applyVisibility(query, table === 'users' ? users : endusers, caller, operation);
  return query.getExists();
};
