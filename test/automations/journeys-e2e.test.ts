import { createHmac, randomBytes } from 'node:crypto';
import { journeyWorkflowId } from '@carelane/workflows/constants';
import { sleep, startAutomations, startWebhookReceiver, waitFor, type Automations } from './support';

/**
 * End to end on the Temporal dev server through the reference client: the api's dispatcher starts
 * and signals journey runs, the worker's activities write PostgreSQL and send through a real SMTP
 * server and to a local webhook receiver.
 */
describe('journeys end to end', () => {
  let automations: Automations;

  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  const address = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;

  test('adding an enduser to a journey sends the onJourneyStart email over SMTP once, and its automated action becomes finished', async () => {
    const { sdk, userId } = await automations.session();
    const template = await sdk.api.templates.createOne({
      title: 'Welcome',
      subject: 'Welcome {{enduser.fname}}',
      message: 'Hello {{enduser.fname}}, your care team is here.',
    });
    const journey = await sdk.api.journeys.createOne({ title: 'Onboarding' });
    const step = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: template.id, senderId: userId } },
    } as never);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Pat', email: address('pat') });

    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });

    const message = await automations.smtp.waitFor(enduser.email!);
    expect(message.subject).toBe('Welcome Pat');
    expect(message.text).toContain('Hello Pat, your care team is here.');

    const [action] = await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { enduserId: enduser.id } }),
      (rows) => rows.length === 1 && rows[0].status === 'finished',
      'the automated action to finish'
    );
    expect(action).toMatchObject({ automationStepId: step.id, journeyId: journey.id, status: 'finished', event: { type: 'onJourneyStart' } });
    const emails = await sdk.api.emails.getSome({ filter: { enduserId: enduser.id } });
    expect(emails).toEqual([expect.objectContaining({ subject: 'Welcome Pat', automationStepId: step.id, delivered: true, templateId: template.id })]);

    await sleep(1500);
    expect(automations.smtp.to(enduser.email!)).toHaveLength(1);
  });

  test("the enduser's journeys map starts a run; removing the journey from the map cancels what was pending", async () => {
    const { sdk, tenant } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Map driven' });
    const first = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'addEnduserTags', info: { tags: ['started'] } },
    } as never);
    const later = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: first.id, delay: 2, unit: 'Hours', delayInMS: 7_200_000 } }],
      action: { type: 'setEnduserStatus', info: { status: 'Followed up' } },
    } as never);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Map' });
    await sdk.api.endusers.updateOne(enduser.id, { journeys: { [journey.id]: 'New' } });

    await waitFor(
      () => sdk.api.endusers.getOne(enduser.id),
      (row) => (row.tags ?? []).includes('started'),
      'the first step'
    );
    const [pending] = await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { automationStepId: later.id } }),
      (rows) => rows.length === 1,
      'the delayed step to be scheduled'
    );
    expect(pending.status).toBe('active');
    expect(pending.processAfter).toBeGreaterThan(Date.now() + 7_100_000);

    await sdk.api.endusers.updateOne(enduser.id, { journeys: {} }, { replaceObjectFields: true });
    await waitFor(
      () => sdk.api.automated_actions.getOne(pending.id),
      (row) => row.status === 'cancelled',
      'the pending action to be cancelled'
    );
    const client = await automations.temporal();
    await waitFor(
      () => client.workflow.getHandle(journeyWorkflowId(tenant.businessId, journey.id, enduser.id)).describe(),
      (description) => description.status.name === 'CANCELLED',
      'the run to be cancelled'
    );
  });

  test('a submitted form fires an Active automation trigger that adds the enduser to a journey', async () => {
    const { sdk } = await automations.session();
    const form = await sdk.api.forms.createOne({ title: 'Intake' });
    const journey = await sdk.api.journeys.createOne({
      title: 'After intake',
      states: [
        { name: 'New', priority: 'N/A' },
        { name: 'Intake received', priority: 'Engaged' },
      ],
    });
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'setEnduserStatus', info: { status: 'Intake received' } },
    } as never);
    await sdk.api.automation_triggers.createOne({
      title: 'Intake submitted',
      status: 'Active',
      event: { type: 'Form Submitted', info: { formId: form.id } },
      action: { type: 'Add To Journey', info: { journeyId: journey.id } },
    } as never);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Form' });
    const { accessCode } = await sdk.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });
    await sdk.api.form_responses.submit_form_response({ accessCode, responses: [] });

    const updated = await waitFor(
      () => sdk.api.endusers.getOne(enduser.id),
      (row) => row.journeys?.[journey.id] === 'Intake received',
      'the journey to run'
    );
    expect(updated.journeys).toEqual({ [journey.id]: 'Intake received' });
    const statuses = await sdk.api.enduser_status_updates.getSome({ filter: { enduserId: enduser.id } });
    expect(statuses.map((row) => row.status).sort()).toEqual(['Intake received', 'New']);

    // The trigger ran on the trigger queue (its local activity never holds the platform's workflow
    // slots); the journey it started runs on the platform's queue, where its activities are taken.
    const client = await automations.temporal();
    const queues = await waitFor(
      async () => {
        const found: Record<string, string> = {};
        for await (const run of client.workflow.list({ query: `CarelaneEnduserId = '${enduser.id}'` })) found[run.type] = run.taskQueue;
        return found;
      },
      (found) => Object.keys(found).length === 2,
      'both runs in the visibility store'
    );
    expect(queues).toEqual({ automationTriggerWorkflow: `${automations.taskQueue}-triggers`, journeyWorkflow: automations.taskQueue });
  });

  test('tickets, fields, tags and a signed webhook: a closed ticket moves the journey on', async () => {
    const { sdk, userId } = await automations.session();
    const receiver = await startWebhookReceiver();
    const secret = 'a-long-webhook-secret-for-tests';
    try {
      const journey = await sdk.api.journeys.createOne({ title: 'Care loop' });
      const ticketStep = await sdk.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [{ type: 'onJourneyStart', info: {} }],
        action: { type: 'createTicket', info: { title: 'Call {{enduser.fname}}', assignmentStrategy: { type: 'default', info: {} }, defaultAssignee: userId } },
      } as never);
      const fieldsStep = await sdk.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [{ type: 'ticketCompleted', info: { automationStepId: ticketStep.id } }],
        action: {
          type: 'setEnduserFields',
          info: {
            fields: [
              { name: 'Plan', type: 'Custom Value', value: 'Gold' },
              { name: 'Visits', type: 'Increment Number', value: '1' },
            ],
          },
        },
      } as never);
      const tagsStep = await sdk.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [{ type: 'afterAction', info: { automationStepId: fieldsStep.id, delay: 0, unit: 'Seconds', delayInMS: 0 } }],
        action: { type: 'removeEnduserTags', info: { tags: ['new-patient'] } },
      } as never);
      await sdk.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [{ type: 'afterAction', info: { automationStepId: tagsStep.id, delay: 1, unit: 'Seconds', delayInMS: 1000 } }],
        action: { type: 'sendWebhook', info: { message: 'Plan set for {{enduser.fname}}', url: receiver.url, secret } },
      } as never);
      const enduser = await sdk.api.endusers.createOne({ fname: 'Tia', tags: ['new-patient', 'vip'] });
      await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });

      const [ticket] = await waitFor(
        () => sdk.api.tickets.getSome({ filter: { enduserId: enduser.id } }),
        (rows) => rows.length === 1,
        'the ticket'
      );
      expect(ticket).toMatchObject({ title: 'Call Tia', owner: userId, automationStepId: ticketStep.id });
      await sleep(500);
      expect((await sdk.api.endusers.getOne(enduser.id)).fields?.Plan).toBeUndefined();

      await sdk.api.tickets.updateOne(ticket.id, { closedAt: new Date(), closedBy: userId } as never);
      await waitFor(
        async () => receiver.received.length,
        (count) => count === 1,
        'the webhook'
      );
      const [delivery] = receiver.received;
      const timestamp = delivery.headers['x-carelane-timestamp'] as string;
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
      expect(delivery.headers['x-carelane-signature']).toBe(expected);
      expect(JSON.parse(delivery.body)).toMatchObject({ type: 'automation', message: 'Plan set for Tia', enduserId: enduser.id, journeyId: journey.id });

      const after = await sdk.api.endusers.getOne(enduser.id);
      expect(after.fields).toMatchObject({ Plan: 'Gold', Visits: 1 });
      expect(after.tags).toEqual(['vip']);
      const actions = await waitFor(
        () => sdk.api.automated_actions.getSome({ filter: { enduserId: enduser.id } }),
        (rows) => rows.length === 4 && rows.every((row) => row.status === 'finished'),
        'four finished actions'
      );
      expect(actions).toHaveLength(4);
    } finally {
      await receiver.stop();
    }
  });

  test('a failing step records a background error and its automated action ends in error', async () => {
    const { sdk, userId } = await automations.session();
    const template = await sdk.api.templates.createOne({ title: 'No address', subject: 'Hi', message: 'Hi' });
    const journey = await sdk.api.journeys.createOne({ title: 'Will fail' });
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: template.id, senderId: userId } },
    } as never);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Nomail' });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    const [action] = await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { enduserId: enduser.id } }),
      (rows) => rows[0]?.status === 'error',
      'the error'
    );
    expect(action.status).toBe('error');
    const errors = await sdk.api.background_errors.getSome({ filter: { enduserId: enduser.id } });
    expect(errors).toEqual([expect.objectContaining({ journeyId: journey.id, message: expect.stringContaining('The enduser has no email address') })]);
  });

  test('deleting a journey cancels its runs', async () => {
    const { sdk, tenant } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Short lived' });
    const first = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'addEnduserTags', info: { tags: ['x'] } },
    } as never);
    const later = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: first.id, delay: 1, unit: 'Days', delayInMS: 86_400_000 } }],
      action: { type: 'addEnduserTags', info: { tags: ['y'] } },
    } as never);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Gone' });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { automationStepId: later.id } }),
      (rows) => rows.length === 1,
      'the pending step'
    );
    // The visibility store lags a little behind a new run.
    await sleep(1500);
    await sdk.api.journeys.deleteOne(journey.id);
    const client = await automations.temporal();
    await waitFor(
      () => client.workflow.getHandle(journeyWorkflowId(tenant.businessId, journey.id, enduser.id)).describe(),
      (description) => description.status.name === 'CANCELLED',
      'the run to be cancelled'
    );
  });

  test('a calendar event reminder is emailed msBeforeStartTime before the start, once, on the patient clock, and marked didRemind', async () => {
    const { sdk } = await automations.session();
    const enduser = await sdk.api.endusers.createOne({ fname: 'Remy', email: address('remy'), timezone: 'America/Los_Angeles' } as never);
    const start = Date.now() + 6_000;
    const event = await sdk.api.calendar_events.createOne({
      title: 'Check-in call',
      startTimeInMS: start,
      durationInMinutes: 15,
      attendees: [{ type: 'enduser', id: enduser.id }],
      reminders: [{ type: 'enduser-notification', msBeforeStartTime: 3_000, info: { channel: 'Email' } }],
    } as never);
    const message = await automations.smtp.waitFor(enduser.email!, { timeoutMs: 20_000 });
    expect(message.subject).toBe('Reminder: Check-in call');
    // The time on the patient's clock, naming the zone (not an ISO instant in UTC).
    const clock = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(start));
    expect(message.text).toContain(`This is a reminder of Check-in call on `);
    expect(message.text).toContain(clock);
    expect(message.text).toMatch(/P[SD]T/);
    const updated = await waitFor(
      () => sdk.api.calendar_events.getOne(event.id),
      (row) => Boolean(row.reminders?.[0]?.didRemind),
      'didRemind'
    );
    expect(updated.reminders?.[0]).toMatchObject({ didRemind: true });
    await sleep(4_000);
    expect(automations.smtp.to(enduser.email!)).toHaveLength(1);
  });
});
