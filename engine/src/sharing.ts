import type { EntityManager } from 'typeorm';
import { isId } from '@carelane/db';
import { isAdmin, type Caller } from './caller';
import { ApiError, badRequest } from './errors';

export const SHARING_MESSAGES = {
  notOwnerAdmin: 'Only an Admin of the organization that owns this record can change sharedWithOrganizations',
  shape: 'Error parsing field sharedWithOrganizations: Expecting a list of organization paths (lists of ids)',
  unknown: 'Error parsing field sharedWithOrganizations: Unknown organization',
  placementShape: 'Error parsing field organizationIds: Expecting an organization path (a list of ids)',
  placementUnknown: 'Error parsing field organizationIds: Unknown organization',
  placementOutside: 'Error parsing field organizationIds: Only organizations at or below your own may be named',
} as const;

const MAX_SHARES = 100;

/** The caller's organization path is the record's or above it: they administer where it lives. */
const administersOwner = (caller: Caller, recordOrganizationIds: unknown) => {
  if (!isAdmin(caller)) return false;
  const owner = Array.isArray(recordOrganizationIds) ? (recordOrganizationIds as string[]) : [];
  return caller.organizationIds.every((id, index) => owner[index] === id);
};

/** Whether the path names a real organization of the business, as its full path from below the root. */
const isOrganizationPath = async (manager: EntityManager, caller: Caller, path: string[]) => {
  // raw SQL: the target organization may be one the caller's scoped reads do not return (the root's own row).
  const [organization] = await manager.query(`SELECT "organizationIds" FROM organizations WHERE _id = $1 AND "businessId" = $2`, [path.at(-1), caller.businessId]);
  const expected = organization ? [...(((organization.organizationIds as string[] | null) ?? []).filter((id) => id !== caller.businessId)), path.at(-1)] : undefined;
  return Boolean(expected) && JSON.stringify(expected) === JSON.stringify(path);
};

/**
 * A staff update of a record's organizationIds (the definition's staff.movesOrganizations): the new
 * value is an organization path ([] for the root) at or below the caller's own organization, so
 * nobody moves a record out of their reach or above it. Answers the value to store, or undefined
 * when it is the stored one.
 */
export const parsePlacement = async (manager: EntityManager, caller: Caller, value: unknown, current: unknown) => {
  if (value === null) value = [];
  if (!Array.isArray(value) || value.length > 20 || !value.every(isId)) throw badRequest(SHARING_MESSAGES.placementShape, { field: 'organizationIds' });
  const path = (value as string[]).map((id) => id.toLowerCase());
  if (JSON.stringify(path) === JSON.stringify(current ?? [])) return undefined;
  if (!caller.organizationIds.every((id, index) => path[index] === id)) throw new ApiError(403, SHARING_MESSAGES.placementOutside);
  if (path.length && !(await isOrganizationPath(manager, caller, path))) throw badRequest(SHARING_MESSAGES.placementUnknown, { field: 'organizationIds' });
  return path;
};

/**
 * sharedWithOrganizations (docs/contract/access.md#organization-scope): which other organizations of the
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
