import { newId } from '@carelane/db';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

describe('DELETE /journey/:id/states', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  test('removes the states and moves endusers standing in them to the default state', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const journey = await sdk.api.journeys.createOne({
      title: 'Care path',
      defaultState: 'New',
      states: [
        { name: 'New', priority: 'N/A' },
        { name: 'Contacted', priority: 'Engaged' },
        { name: 'Lost', priority: 'Disengaged' },
      ],
    });
    // Stored directly: setting the journeys map through the api would start the journey's workflow, which this test does not run.
    const enduser = await api.dataSource.getRepository('endusers').save({
      _id: newId(),
      businessId: journey.businessId,
      organizationIds: [],
      sharedWithOrganizations: [],
      fname: 'Contacted',
      journeys: { [journey.id]: 'Contacted' },
    });
    const { updated } = (await sdk.api.journeys.delete_states({ id: journey.id, states: ['Contacted', 'Lost'] })) as { updated: { states: { name: string }[] } };
    expect(updated.states.map((state) => state.name)).toEqual(['New']);
    expect((await sdk.api.journeys.getOne(journey.id)).states.map((state) => state.name)).toEqual(['New']);
    await expect(sdk.api.endusers.getOne(enduser._id)).resolves.toMatchObject({ journeys: { [journey.id]: 'New' } });
    expect(await sdk.api.enduser_status_updates.getSome({ filter: { enduserId: enduser._id } })).toEqual([expect.objectContaining({ status: 'New', journeyId: journey.id })]);
  });

  test('the default state cannot be removed', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const journey = await sdk.api.journeys.createOne({ title: 'Simple' });
    await expect(sdk.api.journeys.delete_states({ id: journey.id, states: ['New'] })).rejects.toMatchObject({ message: 'defaultState does not exist in states' });
    expect((await sdk.api.journeys.getOne(journey.id)).states).toHaveLength(1);
  });
});
