import { useTenantSuite } from '../identity/tenant-suite';

/** Journey state names are unique within a journey, on create and when an update appends states (issue 12, journey_tests). */
describe('journey states: duplicates refused with Uniqueness Violation', () => {
  const suite = useTenantSuite();

  test('on create, on an update that appends a name already there, and on an update naming one twice', async () => {
    const { admin } = suite;
    const violation = { message: 'Uniqueness Violation' };
    await expect(
      admin.api.journeys.createOne({ title: 'Twice', defaultState: 'default', states: [{ name: 'default', priority: 'N/A' }, { name: 'default', priority: 'N/A' }] }),
    ).rejects.toMatchObject(violation);
    const journey = await admin.api.journeys.createOne({ title: 'Once', defaultState: 'ToDuplicate', states: [{ name: 'ToDuplicate', priority: 'N/A' }] });
    await expect(admin.api.journeys.updateOne(journey.id, { states: [{ name: 'ToDuplicate', priority: 'N/A' }] })).rejects.toMatchObject(violation);
    await expect(
      admin.api.journeys.updateOne(journey.id, { states: [{ name: 'Again', priority: 'N/A' }, { name: 'Again', priority: 'N/A' }] }, { replaceObjectFields: true }),
    ).rejects.toMatchObject(violation);
    expect((await admin.api.journeys.getOne(journey.id)).states).toEqual([{ name: 'ToDuplicate', priority: 'N/A' }]);
    await expect(admin.api.journeys.updateOne(journey.id, { states: [{ name: 'Next', priority: 'N/A' }] })).resolves.toMatchObject({
      states: [{ name: 'ToDuplicate', priority: 'N/A' }, { name: 'Next', priority: 'N/A' }],
    });
  });
});
