import { FieldError } from '../validation/field-error';
import { accessPermissions, ADMIN_ROLE } from '../validation/identity-validators';
import { defineResource, field } from './define';

/**
 * What each non-admin role may do per resource (All, Assigned, Default or null for nothing). The Admin
 * role has full access and cannot be configured. Only the root admin writes these (identity layer).
 */
export const role_based_access_permissions = defineResource({
  name: 'role_based_access_permissions',
  fields: {
    role: field.string({ required: true, max: 250 }),
    permissions: field.json(accessPermissions, { required: true }),
  },
  unique: [['role']],
  check: (record) => {
    if (record.role === ADMIN_ROLE) throw new FieldError("role must not be 'Admin'");
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  // A role's matrix binds every holder of the role, whatever organization wrote it.
  policy: { rootAdminWrites: true, businessWide: true },
  example: {
    role: 'Care Coordinator',
    permissions: { endusers: { create: 'All', read: 'All', update: 'Assigned', delete: null } },
  },
});
