import { callApi, formErrorMessage } from '../../api.server';
import type { StaffUser } from '../session.server';
import { OPERATIONS, RECORD_TYPES, type Permissions, type RoleRecord } from './record-types';

type Level = 'All' | 'Assigned' | 'Default' | null;

/** Every configured role, by name, and whether the caller may change them (the root admin only: docs/contract/access.md#root-admin). */
export const loadRoles = async (authToken: string, user: StaffUser) => {
  const [records, me] = await Promise.all([
    callApi<RoleRecord[]>('/v1/role-based-access-permissions', { authToken, query: { limit: '500' } }),
    callApi<{ organizationIds?: string[]; roles?: string[] }>(`/v1/user/${encodeURIComponent(user.id)}`, { authToken }),
  ]);
  const rootAdmin = (me.roles ?? []).includes('Admin') && (me.organizationIds ?? []).length === 0;
  return { roles: records.sort((a, b) => a.role.localeCompare(b.role)), rootAdmin };
};

const levelOf = (value: FormDataEntryValue | null): Level => (value === '' ? null : value === 'All' || value === 'Assigned' ? value : 'Default');

/** The role's matrix from the form, over what it held (other resources and flags stay). */
const permissionsFrom = (form: FormData, before: Permissions) => {
  const permissions: Permissions = { ...before };
  for (const [resource] of RECORD_TYPES) {
    permissions[resource] = { ...before[resource], ...Object.fromEntries(OPERATIONS.map((operation) => [operation, levelOf(form.get(`${resource}.${operation}`))])) };
  }
  return permissions;
};

export type RolesState = { saved?: string; error?: string; role?: string; added?: string };

/** Saves one role's matrix (an update of its record), or adds a role with standard access. */
export const saveRole = async (authToken: string, form: FormData, roles: RoleRecord[]): Promise<RolesState> => {
  const name = String(form.get('role') ?? '').trim();
  try {
    if (form.get('intent') === 'add') {
      if (!name) return { error: 'Enter the new role’s name' };
      await callApi('/v1/role-based-access-permission', { method: 'POST', authToken, body: { role: name, permissions: {} } });
      return { added: name };
    }
    const record = roles.find((candidate) => candidate.role === name);
    if (!record) return { error: 'Choose a role' };
    await callApi(`/v1/role-based-access-permission/${encodeURIComponent(record.id)}`, {
      method: 'PATCH',
      authToken,
      body: { updates: { permissions: permissionsFrom(form, record.permissions ?? {}) }, options: { replaceObjectFields: true } },
    });
    return { saved: `${name}’s permissions were saved. They apply to everyone with this role from their next action.`, role: name };
  } catch (error) {
    return { error: formErrorMessage(error), role: name };
  }
};
