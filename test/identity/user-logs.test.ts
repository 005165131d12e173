import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

describe('user_logs: the audit trail of staff changes', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  test('one record per staff create, update and delete; clients cannot write it', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const enduser = await sdk.api.endusers.createOne({ fname: 'Audited' });
    await sdk.api.endusers.updateOne(enduser.id, { lname: 'Person' });
    await sdk.api.endusers.deleteOne(enduser.id);
    // Written in each change's own transaction: there as soon as the change is answered.
    const logs = await sdk.api.user_logs.getSome({ filter: { resourceId: enduser.id } });
    expect(logs.map((log) => log.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(logs[0]).toMatchObject({ userId: sdk.userInfo.id, resource: 'endusers', resourceId: enduser.id });
    await expect(sdk.api.user_logs.createOne({ userId: sdk.userInfo.id, resource: 'endusers', resourceId: enduser.id, action: 'create' } as never)).rejects.toMatchObject({
      // Nobody writes user logs through the generic calls (the reference client's text for it).
      message: 'This action is not allowed',
    });
  });

  test('a change that fails leaves no log behind', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const enduser = await sdk.api.endusers.createOne({ fname: 'Audited' });
    await expect(sdk.api.endusers.updateOne(enduser.id, { email: 'not-an-email' })).rejects.toMatchObject({ message: expect.stringContaining('email') });
    const logs = await sdk.api.user_logs.getSome({ filter: { resourceId: enduser.id } });
    expect(logs.map((log) => log.action)).toEqual(['create']);
  });
});
