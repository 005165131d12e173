import { createStaff } from '../identity/support';
import { useTenantSuite } from '../identity/tenant-suite';

/** Issue 12 (Medium): a non-admin staff user could update the root organization record; updates are Admin matters (docs/contract/access.md#organization-ownership). */
describe('organization updates are Admin matters', () => {
  const suite = useTenantSuite();

  test('a non-admin is refused and nothing changes; an Admin may update', async () => {
    const { api, admin, tenant } = suite;
    const staff = await createStaff(api, admin);
    await expect(staff.session.api.organizations.updateOne(tenant.businessId, { name: 'Taken over' } as never)).rejects.toMatchObject({
      message: 'Admin access only',
    });
    expect((await admin.api.organizations.getOne(tenant.businessId)).name).toBe(tenant.name);
    await expect(admin.api.organizations.updateOne(tenant.businessId, { name: 'Renamed' } as never)).resolves.toMatchObject({ name: 'Renamed' });
  });
});
