import type { EntityManager } from 'typeorm';
import { isId } from '@carelane/db';
import { isAdmin, type Caller } from './caller';
import { ApiError, badRequest } from './errors';

export const SHARING_MESSAGES = {
  notOwnerAdmin: 'Only an Admin of the organization that owns this record can change sharedWithOrganizations',
  shape: 'Error parsing field sharedWithOrganizations: Expecting a list of organization paths (lists of ids)',
  unknown: 'Error parsing field sharedWithOrganizations: Unknown organization',
} as const;

const MAX_SHARES = 100;

/** The caller's organization path is the record's or above it: they administer where it lives. */
const administersOwner = (caller: Caller, recordOrganizationIds: unknown) => {
  if (!isAdmin(caller)) return false;
  const owner = Array.isArray(recordOrganizationIds) ? (recordOrganizationIds as string[]) : [];
  return caller.organizationIds.every((id, index) => owner[index] === id);
};

/**
 * sharedWithOrganizations (seeds 000 §6, sub-organizations): which other organizations of the
 * business also see a record, as organization paths ([...ancestors, id]). Written only by an Admin of
 * the organization owning the record (or one above it); each path must be a real organization's.
 * Answers the value to store.
 */
export const parseSharing = async (manager: EntityManager, caller: Caller, recordOrganizationIds: unknown, value: unknown, current: unknown = []) => {
  // A client echoing the record back unchanged changes nothing, whoever it is.
  if (JSON.stringify(value ?? []) === JSON.stringify(current ?? [])) return (current ?? []) as unknown[];
  if (!administersOwner(caller, recordOrganizationIds)) throw new ApiError(403, SHARING_MESSAGES.notOwnerAdmin);
  if (value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_SHARES || !value.every((path) => Array.isArray(path) && path.length > 0 && path.every(isId))) {
    throw badRequest(SHARING_MESSAGES.shape, { field: 'sharedWithOrganizations' });
  }
  const paths = (value as string[][]).map((path) => path.map((id) => id.toLowerCase()));
  for (const path of paths) {
    // raw SQL: organizations outside the caller's own scope are exactly what sharing names, so the engine's scoped reads cannot check them.
    const [organization] = await manager.query(`SELECT "organizationIds" FROM organizations WHERE _id = $1 AND "businessId" = $2`, [path.at(-1), caller.businessId]);
    const expected = organization ? [...(((organization.organizationIds as string[] | null) ?? []).filter((id) => id !== caller.businessId)), path.at(-1)] : undefined;
    if (!expected || JSON.stringify(expected) !== JSON.stringify(path)) throw badRequest(SHARING_MESSAGES.unknown, { field: 'sharedWithOrganizations' });
  }
  return paths;
};
