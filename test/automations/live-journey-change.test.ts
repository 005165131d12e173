import { randomBytes } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { createActivities } from '@carelane/activities';
import { SmtpEmailChannel } from '@carelane/activities/channels/email';
import { workflowCode } from '@carelane/workflows/workflow-code';
import { temporalTestServerBinary } from '../../scripts/services/temporal-test-server';
import { callWith } from '../identity/support';
import { startApi, type RunningApi } from '../support/api-server';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { adminSession, createTenant } from '../support/tenant';
import { MAIL_FROM, sleep, waitFor } from './support';

const DAY = 86_400_000;
const MEMBERS = 50;

interface ChangedSend {
  automatedActionId: string;
  enduserId: string;
  from?: number;
  to?: number;
}
type Plan = { moved: ChangedSend[]; appeared: ChangedSend[]; vanished: ChangedSend[] };

/**
 * Issue 36, a change to a live journey: a journey with 50 members, each waiting three days for its
 * email step. Shortening the delay to one day is previewed (50 moved sends, nothing written), then
 * applied: the running journeys (real activities, PostgreSQL, a real SMTP server, on Temporal's
 * time-skipping test server) send each email once, a day after it was scheduled from, and never again.
 */
describe('changing a step of a live journey', () => {
  let api: RunningApi;
  let smtp: SmtpCapture;
  let env: TestWorkflowEnvironment;
  const taskQueue = `live-change-${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('ERROR') });
    smtp = await startSmtpServer();
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: temporalTestServerBinary() } } });
    api = await startApi({ taskQueue, env: { TEMPORAL_ADDRESS: env.address } });
  });
  afterAll(async () => {
    await api?.stop();
    await env?.teardown();
    await smtp?.stop();
  });

  test('50 members: a shorter delay previews 50 moved sends and, applied, each email goes out once at the new time', async () => {
    const tenant = await createTenant(api.dataSource);
    const admin = await adminSession(api.host, tenant);
    const call = (path: string, body: unknown) => callWith(api.host, `Bearer ${admin.authToken}`, path, { method: 'POST', body: JSON.stringify(body) });
    const template = await admin.api.templates.createOne({ title: 'Check-in', subject: 'How are you, {{enduser.fname}}?', message: 'Just checking in.' });
    const journey = await admin.api.journeys.createOne({ title: 'Follow-up' });
    const start = await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'addEnduserTags', info: { tags: ['following-up'] } },
    } as never);
    const threeDays = { type: 'afterAction', info: { automationStepId: start.id, delay: 3, unit: 'Days', delayInMS: 3 * DAY } };
    const checkIn = await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [threeDays],
      action: { type: 'sendEmail', info: { templateId: template.id, senderId: admin.userInfo.id } },
    } as never);
    const tag = randomBytes(3).toString('hex');
    const { created } = await admin.api.endusers.createSome(Array.from({ length: MEMBERS }, (_, index) => ({ fname: `Member${index}`, email: `member${index}-${tag}@example.test` })));
    const emails = created.map((enduser) => enduser.email as string);

    const channel = new SmtpEmailChannel(smtp.url, MAIL_FROM);
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: await workflowCode(),
      activities: createActivities({ dataSource: api.dataSource, email: channel }),
      // The test api's pool is small (5): as the platform's worker does, activities take at most half of it.
      maxConcurrentActivityTaskExecutions: 2,
    });
    await worker.runUntil(async () => {
      await admin.api.endusers.add_to_journey({ enduserIds: created.map((enduser) => enduser.id), journeyId: journey.id });
      const pendingSends = () => admin.api.automated_actions.getSome({ filter: { automationStepId: checkIn.id, status: 'active' }, limit: 1000 } as never);
      const before = await waitFor(pendingSends, (rows) => rows.length === MEMBERS, '50 pending check-in emails', 180_000);
      const timeBefore = new Map(before.map((row) => [row.id, row.processAfter as number]));

      // The preview: 50 moved, two days earlier each; nothing appears or vanishes, and nothing is written.
      const oneDay = { ...threeDays, info: { ...threeDays.info, delay: 1, delayInMS: DAY } };
      const preview = await call('/v1/preview-journey-step-change', { automationStepId: checkIn.id, events: [oneDay] });
      expect(preview.status).toBe(200);
      const plan = preview.body as Plan;
      expect(plan.moved).toHaveLength(MEMBERS);
      expect(plan.appeared).toEqual([]);
      expect(plan.vanished).toEqual([]);
      for (const send of plan.moved) expect(send.to).toBe(timeBefore.get(send.automatedActionId)! - 2 * DAY);
      expect(new Set(plan.moved.map((send) => send.enduserId))).toEqual(new Set(created.map((enduser) => enduser.id)));
      expect((await admin.api.automation_steps.getOne(checkIn.id)).events[0].info).toMatchObject({ delay: 3 });
      expect((await pendingSends()).map((row) => row.processAfter).sort()).toEqual([...timeBefore.values()].sort());

      // Applied: the step and the 50 pending sends carry the new time.
      const applied = await call('/v1/apply-journey-step-change', { automationStepId: checkIn.id, events: [oneDay] });
      expect(applied.status).toBe(200);
      expect((applied.body as Plan).moved).toHaveLength(MEMBERS);
      expect((await admin.api.automation_steps.getOne(checkIn.id)).events[0].info).toMatchObject({ delay: 1 });
      const moved = await pendingSends();
      for (const row of moved) expect(row.processAfter).toBe(timeBefore.get(row.id)! - 2 * DAY);

      // A day passes on the test server's clock: every member gets the email, once.
      await env.sleep('1 day');
      await env.sleep('1 minute');
      await waitFor(async () => emails.filter((email) => smtp.to(email).length > 0).length, (count) => count === MEMBERS, '50 emails', 180_000);
      // The old time (three days) passes too: nobody gets it a second time.
      await env.sleep('3 days');
      await sleep(3000);
      for (const email of emails) expect(smtp.to(email)).toHaveLength(1);
      const rows = await admin.api.automated_actions.getSome({ filter: { automationStepId: checkIn.id }, limit: 1000 } as never);
      expect(rows).toHaveLength(MEMBERS);
      expect(rows.every((row) => row.status === 'finished')).toBe(true);
    });
    await channel.close();
  }, 600_000);

  test('bad input is refused and changes nothing', async () => {
    const tenant = await createTenant(api.dataSource);
    const admin = await adminSession(api.host, tenant);
    const journey = await admin.api.journeys.createOne({ title: 'Untouched' });
    const step = await admin.api.automation_steps.createOne({ journeyId: journey.id, events: [{ type: 'onJourneyStart', info: {} }], action: { type: 'addEnduserTags', info: { tags: ['x'] } } } as never);
    const call = (path: string, body: unknown) => callWith(api.host, `Bearer ${admin.authToken}`, path, { method: 'POST', body: JSON.stringify(body) });
    expect(await call('/v1/preview-journey-step-change', { automationStepId: step.id })).toMatchObject({ status: 400, body: { message: 'Give the step new events or a new action' } });
    const wrong = await call('/v1/apply-journey-step-change', { automationStepId: step.id, events: [{ type: 'noSuchEvent', info: {} }] });
    expect(wrong.status).toBe(400);
    expect((await admin.api.automation_steps.getOne(step.id)).events).toEqual([{ type: 'onJourneyStart', info: {} }]);
    const other = await adminSession(api.host, await createTenant(api.dataSource));
    const foreign = await callWith(api.host, `Bearer ${other.authToken}`, '/v1/preview-journey-step-change', { method: 'POST', body: JSON.stringify({ automationStepId: step.id, events: [{ type: 'onJourneyStart', info: {} }] }) });
    expect([403, 404]).toContain(foreign.status);
  });
});
