import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

describe('concurrent updates of one record', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  test('merged object fields keep every concurrent writer’s keys', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const enduser = await sdk.api.endusers.createOne({ fname: 'Merged', fields: {} });
    const keys = Array.from({ length: 20 }, (_, i) => `answer${i}`);
    await Promise.all(keys.map((key, i) => sdk.api.endusers.updateOne(enduser.id, { fields: { [key]: String(i) } })));
    const stored = await sdk.api.endusers.getOne(enduser.id);
    expect(Object.keys(stored.fields ?? {}).sort()).toEqual([...keys].sort());
  });
});
