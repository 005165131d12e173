import { Session } from '@tellescope/sdk';
import { createStaff } from '../identity/support';
import { useTenantSuite } from '../identity/tenant-suite';
import { adminSession, createTenant } from '../support/tenant';

const OWNER = { message: 'The organization owner cannot be deleted: transfer ownership first' };
const LAST_ADMIN = { message: 'The last Admin of the organization cannot be deleted' };

/**
 * Issue 12 (High): an Admin deleted its own account while it was the organization's owner and last
 * Admin, and the organization was locked for good. The owner cannot be deleted until ownership moves,
 * and the last Admin cannot be deleted.
 */
describe('deleting the owner or the last Admin is refused', () => {
  const suite = useTenantSuite();

  test('the owner cannot delete itself, nor another Admin delete it, until ownership moves', async () => {
    const { api, admin, tenant } = suite;
    await expect(admin.api.users.deleteOne(admin.userInfo.id)).rejects.toMatchObject(OWNER);
    const second = await createStaff(api, admin, { roles: ['Admin'] });
    await expect(second.session.api.users.deleteOne(admin.userInfo.id)).rejects.toMatchObject(OWNER);
    await expect(admin.test_authenticated()).resolves.toBeTruthy();

    await admin.api.organizations.updateOne(tenant.businessId, { owner: second.user.id } as never);
    await expect(second.session.api.users.deleteOne(admin.userInfo.id)).resolves.toBeTruthy();
    // Now the second Admin is owner and last Admin.
    await expect(second.session.api.users.deleteOne(second.user.id)).rejects.toMatchObject(OWNER);
    await expect(second.session.test_authenticated()).resolves.toBeTruthy();
  });

  test('the last Admin cannot delete itself even when it is not the owner; with another Admin it can', async () => {
    const { api } = suite;
    const tenant = await createTenant(api.dataSource);
    const admin = await adminSession(api.host, tenant);
    const staff = await createStaff(api, admin, { roles: ['Non-Admin'] });
    await admin.api.organizations.updateOne(tenant.businessId, { owner: staff.user.id } as never);
    await expect(admin.api.users.deleteOne(admin.userInfo.id)).rejects.toMatchObject(LAST_ADMIN);
    await expect(admin.test_authenticated()).resolves.toBeTruthy();

    const other = await createStaff(api, admin, { roles: ['Admin'] });
    await expect(admin.api.users.deleteOne(admin.userInfo.id)).resolves.toBeTruthy();
    const again = new Session({ host: api.host });
    await expect(again.authenticate(tenant.adminEmail, tenant.adminPassword)).rejects.toBeTruthy();
    await expect(other.session.api.users.deleteOne(other.user.id)).rejects.toMatchObject(LAST_ADMIN);
  });
});
