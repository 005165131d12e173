import { randomBytes } from 'node:crypto';
import { ensureDefaultOrganization, openDataSource, verifySecret } from '@carelane/db';
import type { DataSource } from 'typeorm';
import { testEnv } from '../support/env';

describe('first start bootstrap', () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = await openDataSource(testEnv().databaseUrl, { poolSize: 2 });
  });
  afterAll(() => dataSource.destroy());

  test('creates the organization and its Admin once; later starts leave existing data alone', async () => {
    const suffix = randomBytes(4).toString('hex');
    const options = { organizationName: 'First Clinic', subdomain: `first-${suffix}`, adminEmail: `first-${suffix}@example.com`, adminPassword: 'First-pass-1' };
    const first = await ensureDefaultOrganization(dataSource, options);
    expect(first.created).toBe(true);
    const again = await ensureDefaultOrganization(dataSource, { ...options, organizationName: 'Renamed', adminPassword: 'Other-pass-2' });
    expect(again).toEqual({ businessId: first.businessId, created: false });

    const organization = await dataSource.getRepository('organizations').findOneByOrFail({ _id: first.businessId });
    expect(organization.name).toBe('First Clinic');
    const admin = await dataSource.getRepository('users').findOneByOrFail({ email: options.adminEmail });
    expect(admin.roles).toEqual(['Admin']);
    expect(admin.hashedPassword).not.toContain('First-pass-1');
    await expect(verifySecret('First-pass-1', admin.hashedPassword as string)).resolves.toBe(true);
  });

  test('the schema comes from migrations, and running them again changes nothing', async () => {
    const pending = await dataSource.showMigrations();
    expect(pending).toBe(false);
    const sql = await dataSource.driver.createSchemaBuilder().log();
    expect(sql.upQueries).toEqual([]);
  });
});
