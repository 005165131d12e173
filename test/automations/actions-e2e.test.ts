import { journeyWorkflowId, QUERIES } from '@carelane/workflows/constants';
import type { JourneyStatus } from '@carelane/workflows/journey';
import { sleep, startAutomations, waitFor, type Automations } from './support';

/** More actions, triggers and removals end to end (dev server, reference client, real worker). */
describe('automation actions and triggers end to end', () => {
  let automations: Automations;

  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  const onStart = (journeyId: string, action: Record<string, unknown>) => ({ journeyId, events: [{ type: 'onJourneyStart', info: {} }], action } as never);

  test('addToJourney, removeFromJourney and removeFromAllJourneys move the enduser between journeys', async () => {
    const { sdk, tenant } = await automations.session();
    const target = await sdk.api.journeys.createOne({ title: 'Target' });
    const other = await sdk.api.journeys.createOne({ title: 'Other' });
    const hub = await sdk.api.journeys.createOne({ title: 'Hub' });
    await sdk.api.automation_steps.createOne(onStart(target.id, { type: 'addEnduserTags', info: { tags: ['in-target'] } }));
    const toTarget = await sdk.api.automation_steps.createOne(onStart(hub.id, { type: 'addToJourney', info: { journeyId: target.id } }));
    const leaveOther = await sdk.api.automation_steps.createOne({
      journeyId: hub.id,
      events: [{ type: 'afterAction', info: { automationStepId: toTarget.id, delay: 0, unit: 'Seconds', delayInMS: 0 } }],
      action: { type: 'removeFromJourney', info: { journeyId: other.id } },
    } as never);
    await sdk.api.automation_steps.createOne({
      journeyId: hub.id,
      events: [{ type: 'afterAction', info: { automationStepId: leaveOther.id, delay: 1, unit: 'Seconds', delayInMS: 1000 } }],
      action: { type: 'removeFromAllJourneys', info: {} },
    } as never);

    const enduser = await sdk.api.endusers.createOne({ fname: 'Mover' });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: other.id });
    await waitFor(
      () => sdk.api.endusers.getOne(enduser.id),
      (row) => Boolean(row.journeys?.[other.id]),
      'the other journey'
    );
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: hub.id });

    await waitFor(
      () => sdk.api.endusers.getOne(enduser.id),
      (row) => (row.tags ?? []).includes('in-target'),
      'the target journey to run'
    );
    const finalState = await waitFor(
      () => sdk.api.endusers.getOne(enduser.id),
      (row) => Object.keys(row.journeys ?? {}).length === 0,
      'every journey left'
    );
    expect(finalState.journeys).toEqual({});
    const client = await automations.temporal();
    for (const journey of [target, other, hub]) {
      const description = await waitFor(
        () => client.workflow.getHandle(journeyWorkflowId(tenant.businessId, journey.id, enduser.id)).describe(),
        (d) => d.status.name !== 'RUNNING',
        `the ${journey.title} run to end`
      );
      expect([journey.title, ['CANCELLED', 'COMPLETED'].includes(description.status.name)]).toEqual([journey.title, true]);
    }
  });

  test('remove-endusers-from-journey (reference client) cancels the pending actions', async () => {
    const { sdk } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Removable' });
    const first = await sdk.api.automation_steps.createOne(onStart(journey.id, { type: 'addEnduserTags', info: { tags: ['a'] } }));
    const later = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: first.id, delay: 10, unit: 'Minutes', delayInMS: 600_000 } }],
      action: { type: 'addEnduserTags', info: { tags: ['b'] } },
    } as never);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Leaver' });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    const [pending] = await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { automationStepId: later.id } }),
      (rows) => rows.length === 1,
      'the pending step'
    );
    await sdk.api.endusers.remove_from_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    await waitFor(
      () => sdk.api.automated_actions.getOne(pending.id),
      (row) => row.status === 'cancelled',
      'cancelled'
    );
    expect((await sdk.api.endusers.getOne(enduser.id)).journeys ?? {}).toEqual({});
  });

  test('deleting a step drops what was pending for it', async () => {
    const { sdk, tenant } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Edited' });
    const first = await sdk.api.automation_steps.createOne(onStart(journey.id, { type: 'addEnduserTags', info: { tags: ['a'] } }));
    const later = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: first.id, delay: 1, unit: 'Hours', delayInMS: 3_600_000 } }],
      action: { type: 'addEnduserTags', info: { tags: ['b'] } },
    } as never);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Edited' });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { automationStepId: later.id } }),
      (rows) => rows.length === 1,
      'the pending step'
    );
    await sleep(1500); // the visibility store lags a little behind a new run
    await sdk.api.automation_steps.deleteOne(later.id);
    const handle = (await automations.temporal()).workflow.getHandle(journeyWorkflowId(tenant.businessId, journey.id, enduser.id));
    const status = await waitFor(
      () => handle.query<JourneyStatus>(QUERIES.journeyStatus),
      (s) => s.pending.length === 0,
      'nothing pending'
    );
    expect(status.stepsTaken).toEqual([first.id]);
  });

  test('triggers on a tag added and a field changed set fields and remove from a journey; notifyTeam, completeTickets and cancelFutureAppointments', async () => {
    const { sdk, userId } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Triggered' });
    const notice = await sdk.api.templates.createOne({ title: 'Heads up', subject: 'New patient {{enduser.fname}}', message: 'Please call' });
    const ticketStep = await sdk.api.automation_steps.createOne(
      onStart(journey.id, {
        type: 'createTicket',
        info: { title: 'Intake call', assignmentStrategy: { type: 'care-team-primary', info: {} }, defaultAssignee: userId },
      })
    );
    const notifyStep = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: ticketStep.id, delay: 0, unit: 'Seconds', delayInMS: 0 } }],
      action: { type: 'notifyTeam', info: { templateId: notice.id, forAssigned: true } },
    } as never);
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: notifyStep.id, delay: 0, unit: 'Seconds', delayInMS: 0 } }],
      action: { type: 'completeTickets', info: {} },
    } as never);
    // notifyTeam by role: every staff member holding one of the roles (the session's user is an Admin).
    const roleNotice = await sdk.api.templates.createOne({ title: 'Admins', subject: 'For admins', message: '{{enduser.fname}} started' });
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: notifyStep.id, delay: 0, unit: 'Seconds', delayInMS: 0 } }],
      action: { type: 'notifyTeam', info: { templateId: roleNotice.id, forAssigned: false, roles: ['Admin', 'Nobody'] } },
    } as never);
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'ticketCompleted', info: { automationStepId: ticketStep.id } }],
      action: { type: 'cancelFutureAppointments', info: {} },
    } as never);
    await sdk.api.automation_triggers.createOne({
      title: 'VIP tagged',
      status: 'Active',
      event: { type: 'Field Equals', info: { field: 'tags', value: 'vip' } },
      action: { type: 'Set Fields', info: { fields: [{ name: 'Tier', type: 'Custom Value', value: 'VIP' }] } },
    } as never);
    await sdk.api.automation_triggers.createOne({
      title: 'Moved away',
      status: 'Active',
      event: { type: 'Field Equals', info: { field: 'state', value: 'NY' } },
      action: { type: 'Remove From Journey', info: { journeyId: journey.id } },
    } as never);

    const enduser = await sdk.api.endusers.createOne({ fname: 'Tess', assignedTo: [userId], state: 'CA' });
    const appointment = await sdk.api.calendar_events.createOne({
      title: 'Next week',
      startTimeInMS: Date.now() + 7 * 86_400_000,
      durationInMinutes: 30,
      attendees: [{ type: 'enduser', id: enduser.id }],
    } as never);
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });

    const [ticket] = await waitFor(
      () => sdk.api.tickets.getSome({ filter: { enduserId: enduser.id } }),
      (rows) => rows.length === 1 && Boolean(rows[0].closedAt),
      'the ticket to be created and completed'
    );
    expect(ticket.owner).toBe(userId);
    const notifications = await sdk.api.user_notifications.getSome({ filter: { userId } });
    expect(notifications).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'automation', message: 'New patient Tess: Please call' })]));
    await waitFor(
      () => sdk.api.user_notifications.getSome({ filter: { userId } }),
      (rows) => rows.some((row) => row.message === 'For admins: Tess started'),
      'the role notification'
    );
    await waitFor(
      () => sdk.api.calendar_events.getOne(appointment.id),
      (row) => Boolean(row.cancelledAt),
      'the appointment to be cancelled'
    );

    await sdk.api.endusers.updateOne(enduser.id, { tags: ['vip'] });
    await waitFor(
      () => sdk.api.endusers.getOne(enduser.id),
      (row) => (row.fields as Record<string, unknown> | undefined)?.Tier === 'VIP',
      'the tag trigger'
    );
    await sdk.api.endusers.updateOne(enduser.id, { state: 'NY' });
    await waitFor(
      () => sdk.api.endusers.getOne(enduser.id),
      (row) => !row.journeys?.[journey.id],
      'the field trigger'
    );
  });

  test('sendForm emails a form link; submitting it runs the formResponse step and cancels the formUnsubmitted follow-up', async () => {
    const { sdk, userId } = await automations.session();
    const form = await sdk.api.forms.createOne({ title: 'Check-in questions' });
    const journey = await sdk.api.journeys.createOne({ title: 'Forms' });
    const sendStep = await sdk.api.automation_steps.createOne(onStart(journey.id, { type: 'sendForm', info: { formId: form.id, senderId: userId } }));
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'formResponse', info: { automationStepId: sendStep.id } }],
      action: { type: 'addEnduserTags', info: { tags: ['answered'] } },
    } as never);
    const followUp = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'formUnsubmitted', info: { automationStepId: sendStep.id, delay: 1, unit: 'Hours', delayInMS: 3_600_000 } }],
      action: { type: 'addEnduserTags', info: { tags: ['reminded'] } },
    } as never);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Fran', email: `fran-${Date.now()}@example.test` });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });

    const message = await automations.smtp.waitFor(enduser.email!);
    expect(message.subject).toBe('Check-in questions');
    const accessCode = message.text.match(/\/documents\/forms\/([A-Za-z0-9_-]+)/)?.[1];
    expect(accessCode).toBeTruthy();
    const [pending] = await waitFor(() => sdk.api.automated_actions.getSome({ filter: { automationStepId: followUp.id } }), (rows) => rows.length === 1, 'the follow-up');
    expect(pending.status).toBe('active');

    await sdk.api.form_responses.submit_form_response({ accessCode: accessCode!, responses: [] });
    await waitFor(() => sdk.api.endusers.getOne(enduser.id), (row) => (row.tags ?? []).includes('answered'), 'the formResponse step');
    await waitFor(() => sdk.api.automated_actions.getOne(pending.id), (row) => row.status === 'cancelled', 'the follow-up to be cancelled');
    expect((await sdk.api.endusers.getOne(enduser.id)).tags).toEqual(['answered']);
  });

  test('rescheduling an event moves its reminder; cancelling it cancels the reminder', async () => {
    const { sdk } = await automations.session();
    const enduser = await sdk.api.endusers.createOne({ fname: 'Moved', email: `moved-${Date.now()}@example.test` });
    const start = Date.now() + 5_000;
    const event = await sdk.api.calendar_events.createOne({
      title: 'Moved visit',
      startTimeInMS: start,
      durationInMinutes: 15,
      attendees: [{ type: 'enduser', id: enduser.id }],
      reminders: [{ type: 'enduser-notification', msBeforeStartTime: 2_000, info: { channel: 'Email' } }],
    } as never);
    await sleep(500);
    await sdk.api.calendar_events.updateOne(event.id, { startTimeInMS: start + 6_000 });
    await sleep(4_000); // past the original reminder time
    expect(automations.smtp.to(enduser.email!)).toHaveLength(0);
    await automations.smtp.waitFor(enduser.email!, { timeoutMs: 15_000 });

    const cancelled = await sdk.api.calendar_events.createOne({
      title: 'Cancelled visit',
      startTimeInMS: Date.now() + 5_000,
      durationInMinutes: 15,
      attendees: [{ type: 'enduser', id: enduser.id }],
      reminders: [{ type: 'enduser-notification', msBeforeStartTime: 2_000, info: { channel: 'Email' } }],
    } as never);
    await sleep(300);
    await sdk.api.calendar_events.updateOne(cancelled.id, { cancelledAt: new Date() } as never);
    await sleep(5_000);
    expect(automations.smtp.to(enduser.email!)).toHaveLength(1);
  });
});
