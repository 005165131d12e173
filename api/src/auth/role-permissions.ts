import type { DataSource } from 'typeorm';
import type { Operation } from '@carelane/db';
import type { AccessLevel, RolePermissions, ResourcePermission } from '@carelane/engine';

// The matrix's types live with the engine (@carelane/engine), whose access rules read them.
export type { AccessLevel, ResourcePermission, RolePermissions };

const OPERATIONS: Operation[] = ['create', 'read', 'update', 'delete'];

/** Higher grants more: a user holding several configured roles gets, per operation, the widest level among them. */
const RANK: Record<string, number> = { null: 0, Assigned: 1, Default: 2, All: 3 };
const rank = (level: AccessLevel) => RANK[String(level)] ?? RANK.Default;

const asLevel = (value: unknown): AccessLevel => (value === null ? null : value === 'All' || value === 'Assigned' ? value : 'Default');

/**
 * Merges the records of the roles a user holds. Only roles that have a record count: a user with the
 * roles ['Nurse', 'Non-Admin'] where only 'Nurse' is configured gets exactly the Nurse matrix (an
 * unconfigured role never widens a configured one). A resource missing from every record is
 * 'Default'. Answers undefined when none of the roles is configured (the built-in default everywhere).
 */
export const mergeRolePermissions = (records: { permissions?: unknown }[]): RolePermissions | undefined => {
  if (records.length === 0) return undefined;
  const resources = new Set<string>();
  for (const record of records) {
    if (record.permissions && typeof record.permissions === 'object') for (const name of Object.keys(record.permissions)) resources.add(name);
  }
  const merged: RolePermissions = {};
  for (const resource of resources) {
    const entry: ResourcePermission = {};
    // Creator-only holds only when every role holds it for the resource: any role without it lifts it.
    const perRole = records.map((record) => (record.permissions as Record<string, Record<string, unknown> | undefined> | undefined)?.[resource]);
    if (perRole.every((perResource) => perResource?.creatorOnly === true)) entry.creatorOnly = true;
    for (const operation of OPERATIONS) {
      let best: AccessLevel | undefined;
      for (const record of records) {
        const perResource = (record.permissions as Record<string, Record<string, unknown> | undefined> | undefined)?.[resource];
        const level: AccessLevel = perResource ? asLevel(perResource[operation]) : 'Default';
        if (best === undefined || rank(level) > rank(best)) best = level;
      }
      entry[operation] = best === undefined ? 'Default' : best;
    }
    merged[resource] = entry;
  }
  return merged;
};

/**
 * The matrix for a staff account, read on every request (one indexed query), so an edited record
 * applies from the caller's next request. Admins are never restricted, so nothing is read for them.
 */
export const loadRolePermissions = async (dataSource: DataSource, businessId: string, roles: string[]): Promise<RolePermissions | undefined> => {
  if (roles.length === 0 || roles.includes('Admin') || !dataSource.hasMetadata('role_based_access_permissions')) return undefined;
  // raw SQL: the role matrix is read to build the caller the engine's access check needs, so it cannot pass through that check itself.
  const records = (await dataSource
    .getRepository('role_based_access_permissions')
    .createQueryBuilder('record')
    .select(['record._id', 'record.permissions'])
    .where('record."businessId" = :businessId AND record.role IN (:...roles)', { businessId, roles })
    .getMany()) as { permissions?: unknown }[];
  return mergeRolePermissions(records);
};
