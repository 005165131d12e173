import { createStaff } from '../identity/support';
import { useTenantSuite } from '../identity/tenant-suite';
import { adminSession, createTenant } from '../support/tenant';

const LAST_ADMIN_DEMOTION = { message: 'The last Admin of the organization cannot lose the Admin role: make another user an Admin first' };

/**
 * Issue 12: a role change that takes the Admin role from the organization's last Admin would lock the
 * organization for good, as deleting it would. It is refused with a clear 400 and changes nothing.
 */
describe('demoting the last Admin is refused', () => {
  const suite = useTenantSuite();

  test('the last Admin cannot take its own Admin role away; with another Admin it can, and then that one is the last', async () => {
    const { api } = suite;
    const tenant = await createTenant(api.dataSource);
    const admin = await adminSession(api.host, tenant);
    await expect(admin.api.users.updateOne(admin.userInfo.id, { roles: ['Non-Admin'] }, { replaceObjectFields: true })).rejects.toMatchObject(LAST_ADMIN_DEMOTION);
    // Nothing changed: still an Admin, still signed in.
    await expect(admin.api.users.getOne(admin.userInfo.id)).resolves.toMatchObject({ roles: ['Admin'] });

    const other = await createStaff(api, admin, { roles: ['Admin'] });
    await expect(other.session.api.users.updateOne(admin.userInfo.id, { roles: ['Non-Admin'] }, { replaceObjectFields: true })).resolves.toMatchObject({ roles: ['Non-Admin'] });
    await expect(other.session.api.users.updateOne(other.user.id, { roles: ['Non-Admin'] }, { replaceObjectFields: true })).rejects.toMatchObject(LAST_ADMIN_DEMOTION);
    await expect(other.session.api.users.getOne(other.user.id)).resolves.toMatchObject({ roles: ['Admin'] });
  });
});
