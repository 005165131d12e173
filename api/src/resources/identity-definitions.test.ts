import { parseCreate } from '@carelane/engine';
import { definitionKit, describeEachDefinition } from './definition-test-kit';

/**
 * Identity and access definitions without a database: API keys, role-based access permissions and
 * the audit log, with the rules of docs/contract/entities.md#people-and-access, validation.md and
 * access.md and their exact messages.
 */

const { definitions, def, create, createError, updateError, enduserAccess } = definitionKit('identity');

describe('identity resources', () => {
  describeEachDefinition(definitions);

  describe('access by actor (seeds 000 §6)', () => {
    it('gives endusers no access', () => {
      expect(enduserAccess()).toEqual({ api_keys: [], role_based_access_permissions: [], user_logs: [] });
    });

    it('lets staff create, read and delete API keys, and only read the audit log', () => {
      expect(def('api_keys').access).toEqual({ user: ['create', 'read', 'delete'] });
      expect(def('user_logs').access).toEqual({ user: ['read'] });
    });
  });

  describe('api_keys', () => {
    it('never returns key hashes', () => {
      expect(def('api_keys').fields.hashedKey).toMatchObject({ secret: true, readonly: true });
    });

    it('creates an API key from an empty payload and refuses a client-chosen hash', () => {
      expect(parseCreate(def('api_keys'), {})).toEqual({});
      expect(createError('api_keys', { hashedKey: 'abc' })).toBe('Error parsing field hashedKey: This field cannot be updated');
    });
  });

  describe('role_based_access_permissions', () => {
    it("never configures the Admin role, on create or on update", () => {
      expect(createError('role_based_access_permissions', { role: 'Admin' })).toBe("role must not be 'Admin'");
      expect(updateError('role_based_access_permissions', { role: 'Admin' })).toBe("role must not be 'Admin'");
      expect(create('role_based_access_permissions', { role: 'admin' }).role).toBe('admin');
    });

    it('keeps roles unique within a business', () => {
      expect(def('role_based_access_permissions').unique).toEqual([['role']]);
    });

    it('takes All, Assigned, Default or null per operation, showInSidebar and creatorOnly', () => {
      const record = create('role_based_access_permissions', {
        permissions: {
          endusers: { create: 'All', read: 'Assigned', update: 'Default', delete: null, showInSidebar: true },
          tickets: { create: null, read: null, update: null, delete: null },
          forum_posts: { create: 'All', read: 'All', update: 'All', delete: 'All', creatorOnly: true },
        },
      });
      expect(record.permissions).toEqual({
        endusers: { create: 'All', read: 'Assigned', update: 'Default', delete: null, showInSidebar: true },
        tickets: { create: null, read: null, update: null, delete: null },
        forum_posts: { create: 'All', read: 'All', update: 'All', delete: 'All', creatorOnly: true },
      });
      expect(createError('role_based_access_permissions', { permissions: { endusers: { create: 'Some', read: null, update: null, delete: null } } })).toBe(
        'Error parsing field permissions: Value must match one of All, Assigned, Default',
      );
      expect(createError('role_based_access_permissions', { permissions: { endusers: { create: 'All', read: 'All', update: 'All' } } })).toBe(
        'Error parsing field permissions: missing value for delete',
      );
      expect(createError('role_based_access_permissions', { permissions: { notAResource: { create: null, read: null, update: null, delete: null } } })).toBe(
        'Error parsing field permissions: Got unexpected field(s) [notAResource]',
      );
      expect(
        createError('role_based_access_permissions', { permissions: { endusers: { create: null, read: null, update: null, delete: null, creatorOnly: 1 } } }),
      ).toBe('Error parsing field permissions: Invalid boolean');
      expect(
        createError('role_based_access_permissions', { permissions: { endusers: { create: null, read: null, update: null, delete: null, ownerOnly: true } } }),
      ).toBe('Error parsing field permissions: Got unexpected field(s) [ownerOnly]');
    });
  });

  describe('user_logs', () => {
    it('records create, update and delete in the audit log', () => {
      expect(createError('user_logs', { action: 'read' })).toBe('Error parsing field action: Value must match one of create, update, delete');
    });
  });
});
