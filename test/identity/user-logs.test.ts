import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

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
    const logs = await waitFor(
      () => sdk.api.user_logs.getSome({ filter: { resourceId: enduser.id } }),
      (rows) => rows.length >= 3,
    );
    expect(logs.map((log) => log.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(logs[0]).toMatchObject({ userId: sdk.userInfo.id, resource: 'endusers', resourceId: enduser.id });
    await expect(sdk.api.user_logs.createOne({ userId: sdk.userInfo.id, resource: 'endusers', resourceId: enduser.id, action: 'create' } as never)).rejects.toMatchObject({
      message: 'You do not have access to this resource',
    });
  });
});
