import { callApi } from '../api.server';
import type { StaffUser } from './session.server';

export type Operation = 'create' | 'read' | 'update' | 'delete';
type Level = 'All' | 'Assigned' | 'Default' | null;

/** What the console offers a staff member: `can(resource, operation)`; the API still decides every call. */
export interface StaffAbilities {
  admin: boolean;
  can(resource: string, operation: Operation): boolean;
}

const OPERATIONS: Operation[] = ['create', 'read', 'update', 'delete'];

/**
 * The signed-in staff member's abilities, read the way the API reads them (docs/contract/access.md#permission-matrix): an Admin
 * may do everything; otherwise the role records of the member's roles, merged to the widest level
 * per operation, where a resource or operation left out is 'Default' (allowed) and null refuses.
 * Roles without a record do not count; with no configured role at all, everything is 'Default'.
 */
export const staffAbilities = async (authToken: string, user: StaffUser): Promise<StaffAbilities> => {
  const roles = user.roles ?? [];
  if (roles.includes('Admin')) return { admin: true, can: () => true };
  const records = roles.length
    ? await callApi<{ role: string; permissions?: Record<string, Partial<Record<Operation, Level>>> }[]>('/v1/role-based-access-permissions', {
        authToken,
        query: { limit: '1000' },
      }).then((all) => all.filter((record) => roles.includes(record.role)))
    : [];
  const allowed = (resource: string, operation: Operation) => {
    if (records.length === 0) return true;
    return records.some((record) => {
      const entry = record.permissions?.[resource];
      return !entry || entry[operation] !== null;
    });
  };
  return { admin: false, can: (resource, operation) => OPERATIONS.includes(operation) && allowed(resource, operation) };
};

/** Plain flags for a page (functions do not travel to the browser). */
export const abilityFlags = <const R extends readonly (readonly [string, Operation])[]>(abilities: StaffAbilities, wanted: R) =>
  Object.fromEntries(wanted.map(([resource, operation]) => [`${operation}:${resource}`, abilities.can(resource, operation)])) as Record<
    `${R[number][1]}:${R[number][0]}`,
    boolean
  >;
