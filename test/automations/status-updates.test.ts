import { startAutomations, waitFor, type Automations } from './support';

/** Journey membership changes through status updates (docs/contract/automations.md#journey-membership), and state names are checked with the contract's message (validation.md#journeys). */
describe('enduser status updates', () => {
  let automations: Automations;

  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  test("creating a status update moves the enduser's journeys map and starts the journey's run", async () => {
    const { sdk } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Status driven' });
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'addEnduserTags', info: { tags: ['started-by-status'] } },
    } as never);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Stat' });
    await sdk.api.enduser_status_updates.createOne({ enduserId: enduser.id, journeyId: journey.id, status: 'Engaged' });

    expect((await sdk.api.endusers.getOne(enduser.id)).journeys).toEqual({ [journey.id]: 'Engaged' });
    await waitFor(() => sdk.api.endusers.getOne(enduser.id), (row) => (row.tags ?? []).includes('started-by-status'), 'the journey run');
    await sdk.api.enduser_status_updates.createOne({ enduserId: enduser.id, journeyId: journey.id, status: 'Done' });
    expect((await sdk.api.endusers.getOne(enduser.id)).journeys).toEqual({ [journey.id]: 'Done' });
  });

  test("over-long journey state names answer 'Journey state names may not exceed 75 characters' and change nothing", async () => {
    const { sdk } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Long names' });
    const enduser = await sdk.api.endusers.createOne({ fname: 'Long' });
    const long = 'x'.repeat(76);
    await expect(sdk.api.endusers.updateOne(enduser.id, { journeys: { [journey.id]: long } })).rejects.toMatchObject({
      message: 'Error parsing field journeys: Journey state names may not exceed 75 characters',
    });
    await expect(sdk.api.enduser_status_updates.createOne({ enduserId: enduser.id, journeyId: journey.id, status: long })).rejects.toMatchObject({
      message: 'Error parsing field status: Journey state names may not exceed 75 characters',
    });
    expect((await sdk.api.endusers.getOne(enduser.id)).journeys ?? {}).toEqual({});
    expect(await sdk.api.enduser_status_updates.getSome({ filter: { enduserId: enduser.id } })).toEqual([]);
  });
});
