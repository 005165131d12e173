import { type TransactionEngine, ACCESS_MESSAGES } from '@carelane/engine';
import { organizations, validators, serialize } from '@carelane/db';
import { isAdmin, type UserCaller } from '../../auth/caller';
import { ApiError, badRequest, conflict, fieldError } from '../../errors';
import { defineAction } from '../action';
import { Required, S } from '../input';

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const parseName = (value: unknown) => {
  if (value === undefined || value === null || value === '') throw badRequest('Value not provided for required field: name', { field: 'name' });
  try {
    return validators.string(250)(value);
  } catch (error) {
    throw fieldError('name', error);
  }
};

/** A DNS label: lowercase letters, digits and inner dashes, at most 63 characters. */
export const parseSubdomain = (value: unknown) => {
  if (value === undefined || value === null || value === '') throw badRequest('Value not provided for required field: subdomain', { field: 'subdomain' });
  const subdomain = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!SUBDOMAIN.test(subdomain)) throw badRequest('Error parsing field subdomain: Invalid subdomain', { field: 'subdomain' });
  return subdomain;
};

/**
 * Creates a child of the caller's current organization through the engine bound to `tx`'s
 * transaction (validated, recorded and announced). The subdomain is claimed under an advisory lock,
 * so two requests for one subdomain cannot both succeed. Answers the stored row.
 */
export const insertSubOrganization = async (tx: TransactionEngine, caller: UserCaller, name: string, subdomain: string, extra: { owner?: string } = {}) => {
  // raw SQL: an advisory lock is not a query on records.
  await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`subdomain:${subdomain}`]);
  // raw SQL: subdomains are unique across every business, so this looks beyond the caller's tenant.
  if (await tx.manager.getRepository('organizations').exists({ where: { subdomain } })) throw conflict();
  const created = await tx.createOne(
    organizations,
    caller,
    { name, subdomain, parentOrganizationId: caller.organizationIds.at(-1) ?? caller.businessId, roles: ['Admin'], ...extra },
    {},
    // Organizations are made by this call only (the generic create is not offered).
    { grantedByCall: true },
  );
  return (await tx.row(organizations, caller, { _id: created.id }))!;
};

/** { name, subdomain } of a new organization ('' is absent). */
export class NewOrganizationInput {
  @Required(parseName, S.string(250), { emptyIsAbsent: true })
  name!: string;

  @Required(parseSubdomain, { type: 'string', pattern: SUBDOMAIN.source, maxLength: 63 }, { emptyIsAbsent: true })
  subdomain!: string;
}

export const requireAdmin = ({ caller }: { caller: UserCaller }) => {
  if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
};

/**
 * POST /sub-organization { name, subdomain } (Admin only): a child of the caller's current
 * organization in the same business. Its members' organizationIds are the caller's plus its id, so
 * they see only what is placed in it or below it; the parent's members see it all. Subdomains are
 * unique across every business, and a taken one answers 'Uniqueness Violation' without saying whose.
 */
export const createSubOrganization = defineAction({
  method: 'post',
  path: '/sub-organization',
  auth: 'user',
  input: NewOrganizationInput,
  authorize: requireAdmin,
  handler: async ({ services, caller }, { name, subdomain }) => {
    const row = await services.engine.transaction((tx) => insertSubOrganization(tx, caller, name, subdomain));
    return { created: serialize(organizations, row) };
  },
});
