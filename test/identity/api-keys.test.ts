import { Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { callWith, createStaff, type IdentityApi } from './support';
import { useTenantSuite } from './tenant-suite';

describe('API keys: shown once, stored as a hash, acting as their creator', () => {
  const suite = useTenantSuite();
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ api, tenant, admin } = suite));

  test('createOne answers { id, key } once; only a bcrypt hash is stored; reads never return key or hash', async () => {
    const created = (await admin.api.api_keys.createOne({})) as unknown as { id: string; key: string };
    expect(Object.keys(created).sort()).toEqual(['id', 'key']);
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.key.length).toBeGreaterThanOrEqual(40);

    const stored = await api.dataSource.getRepository('api_keys').findOneByOrFail({ _id: created.id });
    expect(stored.hashedKey).toMatch(/^\$2[aby]\$12\$/);
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const listed = await admin.api.api_keys.getSome();
    expect(listed.map((k) => k.id)).toContain(created.id);
    const one = await admin.api.api_keys.getOne(created.id);
    for (const record of [...listed, one]) {
      expect(record).not.toHaveProperty('hashedKey');
      expect(record).not.toHaveProperty('key');
      expect(JSON.stringify(record)).not.toContain(created.key);
    }
  });

  test('Authorization: API_KEY <key> acts as the creating admin, in its business only', async () => {
    const { key } = (await admin.api.api_keys.createOne({})) as unknown as { id: string; key: string };
    const viaKey = new Session({ host: api.host, apiKey: key });
    await expect(viaKey.test_authenticated()).resolves.toBe('Authenticated!');
    const patient = await viaKey.api.endusers.createOne({ fname: 'Keyed' });
    expect(patient).toMatchObject({ creator: admin.userInfo.id, businessId: tenant.businessId });
    await expect(admin.api.endusers.getOne(patient.id)).resolves.toMatchObject({ fname: 'Keyed' });

    const otherAdmin = await adminSession(api.host, await createTenant(api.dataSource));
    await expect(otherAdmin.api.endusers.getOne(patient.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
  });

  test('a wrong, malformed or deleted key is Unauthenticated', async () => {
    const { id, key } = (await admin.api.api_keys.createOne({})) as unknown as { id: string; key: string };
    const tampered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const presented of [tampered, 'not-a-key', `${id}.`]) {
      expect(await callWith(api.host, `API_KEY ${presented}`, '/v1/test-authenticated')).toEqual({ status: 401, body: 'Unauthenticated' });
    }
    expect((await callWith(api.host, `API_KEY ${key}`, '/v1/test-authenticated')).status).toBe(200);
    await admin.api.api_keys.deleteOne(id);
    expect(await callWith(api.host, `API_KEY ${key}`, '/v1/test-authenticated')).toEqual({ status: 401, body: 'Unauthenticated' });
  });

  test('API keys are an Admin matter, and each admin sees only their own', async () => {
    const staff = await createStaff(api, admin);
    await expect(staff.session.api.api_keys.createOne({})).rejects.toMatchObject({ message: 'Admin access only' });
    await expect(staff.session.api.api_keys.getSome()).rejects.toMatchObject({ message: 'Admin access only' });
    const secondAdmin = await createStaff(api, admin, { roles: ['Admin'] });
    const mine = (await admin.api.api_keys.createOne({})) as unknown as { id: string };
    expect((await secondAdmin.session.api.api_keys.getSome()).map((k) => k.id)).not.toContain(mine.id);
    await expect(secondAdmin.session.api.api_keys.deleteOne(mine.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    await expect(admin.api.api_keys.createSome([{}, {}])).rejects.toMatchObject({
      message: 'API keys are generated one at a time with POST /v1/api-key and cannot be changed',
    });
  });

  test("a key follows its creator: losing the Admin role or the account ends the key's access", async () => {
    const keyAdmin = await createStaff(api, admin, { roles: ['Admin'] });
    const { key } = (await keyAdmin.session.api.api_keys.createOne({})) as unknown as { key: string };
    const viaKey = new Session({ host: api.host, apiKey: key });
    await expect(viaKey.api.api_keys.getSome()).resolves.toHaveLength(1);
    await admin.api.users.updateOne(keyAdmin.user.id, { roles: ['Non-Admin'] }, { replaceObjectFields: true });
    await expect(viaKey.api.api_keys.getSome()).rejects.toMatchObject({ message: 'Admin access only' });
    await admin.api.users.deleteOne(keyAdmin.user.id);
    expect(await callWith(api.host, `API_KEY ${key}`, '/v1/test-authenticated')).toEqual({ status: 401, body: 'Unauthenticated' });
  });
});
