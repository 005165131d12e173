import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

describe('uniqueness is enforced by the database', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  test('50 concurrent creates of the same journey title give exactly one record', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => sdk.api.journeys.createOne({ title: 'Only once' })));
    const created = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const failure of refused) expect(failure.reason).toMatchObject({ message: 'Uniqueness Violation' });
    expect(await sdk.api.journeys.getSome({ filter: { title: 'Only once' } })).toHaveLength(1);
  });

  test('the same title in another organization is fine', async () => {
    const first = await adminSession(api.host, await createTenant(api.dataSource));
    const second = await adminSession(api.host, await createTenant(api.dataSource));
    await first.api.journeys.createOne({ title: 'Shared name' });
    await expect(second.api.journeys.createOne({ title: 'Shared name' })).resolves.toMatchObject({ title: 'Shared name' });
  });

  test('createSome creates the valid records and reports the conflicting ones', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    await sdk.api.journeys.createOne({ title: 'Existing' });
    const { created, errors } = await sdk.api.journeys.createSome([{ title: 'Existing' }, { title: 'Fresh' }]);
    expect(created.map((j) => j.title)).toEqual(['Fresh']);
    expect(errors).toHaveLength(1);
    await expect(sdk.api.journeys.createSome([{ title: 'Existing' }])).rejects.toMatchObject({ message: 'Uniqueness Violation' });
  });

  test('a reference to a record that does not exist is refused', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const enduser = await sdk.api.endusers.createOne({ fname: 'Ref' });
    await expect(
      sdk.api.enduser_status_updates.createOne({ enduserId: enduser.id, journeyId: '0123456789abcdef01234567', status: 'New' }),
    ).rejects.toMatchObject({ message: 'Could not find a related record for the given id(s)' });
  });

  test('deleting a journey removes its status updates', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const journey = await sdk.api.journeys.createOne({ title: 'Cascade' });
    const enduser = await sdk.api.endusers.createOne({ fname: 'Cascade' });
    const update = await sdk.api.enduser_status_updates.createOne({ enduserId: enduser.id, journeyId: journey.id, status: 'New' });
    await sdk.api.journeys.deleteOne(journey.id);
    await expect(sdk.api.enduser_status_updates.getOne(update.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    await expect(sdk.api.endusers.getOne(enduser.id)).resolves.toMatchObject({ id: enduser.id });
  });
});
