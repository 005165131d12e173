import { startAutomations, waitFor, type Automations } from './support';

/** Care plan, shared content and chat actions end to end (dev server, reference client, real worker). */
describe('care actions of a journey', () => {
  let automations: Automations;

  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  test('a journey creates a care plan, shares content, sends a chat, then completes the plan, each once', async () => {
    const { sdk } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Onboarding care' });
    const content = await sdk.api.managed_content_records.createOne({ title: 'Welcome guide', textContent: 'Read me' } as never);
    const template = await sdk.api.templates.createOne({ title: 'Hello', subject: 'Hello', message: 'Welcome {{enduser.fname}}!' } as never);
    const plan = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'createCarePlan', info: { title: 'Recovery plan', htmlDescription: '<p>Rest and recover</p>' } },
    } as never);
    const share = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: plan.id, delay: 0, unit: 'Seconds', delayInMS: 0 } }],
      action: { type: 'shareContent', info: { managedContentRecordIds: [content.id] } },
    } as never);
    const chat = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: share.id, delay: 0, unit: 'Seconds', delayInMS: 0 } }],
      action: { type: 'sendChat', info: { templateId: template.id, identifier: 'Care team' } },
    } as never);
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: chat.id, delay: 0, unit: 'Seconds', delayInMS: 0 } }],
      action: { type: 'completeCarePlan', info: {} },
    } as never);

    const enduser = await sdk.api.endusers.createOne({ fname: 'Casey' });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });

    const plans = await waitFor(
      () => sdk.api.care_plans.getSome({ filter: { enduserId: enduser.id } }),
      (rows) => rows.length === 1 && Boolean((rows[0] as { completedAt?: string }).completedAt),
      'the care plan to be completed',
    );
    expect(plans[0]).toMatchObject({ title: 'Recovery plan', journeyId: journey.id });
    expect(await sdk.api.managed_content_record_assignments.getSome({ filter: { enduserId: enduser.id } })).toEqual([
      expect.objectContaining({ contentId: content.id }),
    ]);
    const rooms = await sdk.api.chat_rooms.getSome({ filter: { enduserIds: [enduser.id] } });
    expect(rooms).toEqual([expect.objectContaining({ title: 'Care team', numMessages: 1, recentMessage: 'Welcome Casey!' })]);
    expect(await sdk.api.chats.getSome({ filter: { roomId: rooms[0].id } })).toEqual([expect.objectContaining({ message: 'Welcome Casey!' })]);
    const actions = await sdk.api.automated_actions.getSome({ filter: { enduserId: enduser.id } });
    expect(actions.map((action) => action.status)).toEqual(['finished', 'finished', 'finished', 'finished']);
  });
});

describe('removing a journey state', () => {
  let automations: Automations;

  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  test('cancels the pending steps that would set it', async () => {
    const { sdk } = await automations.session();
    const journey = await sdk.api.journeys.createOne({
      title: 'Follow-up',
      states: [
        { name: 'New', priority: 'N/A' },
        { name: 'Contacted', priority: 'Engaged' },
      ],
    });
    const first = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'addEnduserTags', info: { tags: ['started'] } },
    } as never);
    const later = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: first.id, delay: 10, unit: 'Minutes', delayInMS: 600_000 } }],
      action: { type: 'setEnduserStatus', info: { status: 'Contacted' } },
    } as never);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Pending' });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { automationStepId: later.id } }),
      (rows) => rows.length === 1 && rows[0].status === 'active',
      'the pending status step',
    );
    await sdk.api.journeys.delete_states({ id: journey.id, states: ['Contacted'] });
    const [cancelled] = await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { automationStepId: later.id } }),
      (rows) => rows[0]?.status === 'cancelled',
      'the pending step to be cancelled',
    );
    expect(cancelled.status).toBe('cancelled');
  });
});
