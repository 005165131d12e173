import { randomBytes } from 'node:crypto';
import { MockActivityEnvironment } from '@temporalio/testing';
import { newId } from '@carelane/db';
import { SmtpEmailChannel } from '@carelane/activities/channels/email';
import { createActivities } from '@carelane/activities';
import { startApi, type RunningApi } from '../support/api-server';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { adminSession, createTenant } from '../support/tenant';
import { MAIL_FROM } from './support';

/**
 * A step's activity that finished and committed, but whose worker died before Temporal heard of it,
 * is run again by Temporal. That attempt must answer "finished" (with the effects the first one had),
 * not "gone": the journey run follows only finished steps, so "gone" silently ended the enduser's
 * journey after that step (seen in the worker-kills proof: a run waiting forever with its third email
 * never scheduled). The activities run here as Temporal runs them, in its activity environment, with
 * the real database and SMTP server; the second call is Temporal's retry.
 */
describe('runStep retried after its first attempt committed', () => {
  let api: RunningApi;
  let smtp: SmtpCapture;
  let email: SmtpEmailChannel;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // No worker polls this queue: the journey runs the api starts stay idle, and the test takes their steps itself.
    api = await startApi({ taskQueue: `nobody-${randomBytes(4).toString('hex')}` });
    email = new SmtpEmailChannel(smtp.url, MAIL_FROM);
  });
  afterAll(async () => {
    await email?.close();
    await api?.stop();
    await smtp?.stop();
  });

  test('a sent email step answers finished again without a second message; a step with effects hands them over again', async () => {
    const tenant = await createTenant(api.dataSource);
    const sdk = await adminSession(api.host, tenant);
    const template = await sdk.api.templates.createOne({ title: 'Hello', subject: 'Hello {{enduser.fname}}', message: 'Hi' });
    const journey = await sdk.api.journeys.createOne({ title: 'Retried steps' });
    const next = await sdk.api.journeys.createOne({ title: 'Next journey' });
    const send = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: template.id, senderId: sdk.userInfo.id } },
    } as never);
    const move = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: send.id, delay: 0, unit: 'Seconds', delayInMS: 0 } }],
      action: { type: 'addToJourney', info: { journeyId: next.id } },
    } as never);
    const address = `retried-${randomBytes(3).toString('hex')}@example.test`;
    const enduser = await sdk.api.endusers.createOne({ fname: 'Robin', email: address, journeys: { [journey.id]: 'New' } });

    const activities = createActivities({ dataSource: api.dataSource, email });
    const ref = { businessId: tenant.businessId, journeyId: journey.id, enduserId: enduser.id };
    const run = (stepId: string, event: { type: string; info: Record<string, unknown> }) => async () => {
      const id = newId();
      await new MockActivityEnvironment().run(activities.scheduleStep, { ...ref, id, stepId, event, processAfter: Date.now() });
      const input = { ...ref, id, workflowId: `retried-${id}` };
      const first = await new MockActivityEnvironment().run(activities.runStep, input);
      const retried = await new MockActivityEnvironment().run(activities.runStep, input);
      return { first, retried };
    };

    const sent = await run(send.id, { type: 'onJourneyStart', info: {} })();
    expect(sent.first).toEqual({ status: 'finished' });
    expect(sent.retried).toEqual({ status: 'finished' });
    expect(smtp.to(address).map((message) => message.subject)).toEqual(['Hello Robin']);

    const moved = await run(move.id, { type: 'afterAction', info: { automationStepId: send.id, delay: 0, unit: 'Seconds', delayInMS: 0 } })();
    expect(moved.first).toEqual({ status: 'finished', effects: { startJourneys: [next.id] } });
    expect(moved.retried).toEqual({ status: 'finished', effects: { startJourneys: [next.id] } });
  });
});
