import { randomBytes } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { createActivities } from '@carelane/activities';
import { SmtpEmailChannel } from '@carelane/activities/channels/email';
import { instantOf, localTime, nextDay } from '@carelane/automation';
import { WORKFLOW_TYPES } from '@carelane/workflows/constants';
import { workflowCode } from '@carelane/workflows/workflow-code';
import { temporalTestServerBinary } from '../../scripts/services/temporal-test-server';
import { startApi, type RunningApi } from '../support/api-server';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { adminSession, createTenant } from '../support/tenant';
import { MAIL_FROM, waitFor } from './support';

const ZONE = 'America/Los_Angeles';

/**
 * Quiet hours (issue 31): with the organization's setting on, a journey email that would reach a
 * patient at 23:00 on their clock is held and sent at 08:00 there. The journey workflow and the real
 * activities (PostgreSQL, a real SMTP server) run on Temporal's time-skipping test server, so the
 * night passes in moments.
 */
describe('quiet hours', () => {
  let api: RunningApi;
  let smtp: SmtpCapture;
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('ERROR') });
    smtp = await startSmtpServer();
    api = await startApi();
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: temporalTestServerBinary() } } });
  });
  afterAll(async () => {
    await env?.teardown();
    await api?.stop();
    await smtp?.stop();
  });

  test('an email due at 23:00 on the patient clock goes out at 08:00 there, and the pending step says so', async () => {
    const tenant = await createTenant(api.dataSource);
    const admin = await adminSession(api.host, tenant);
    await admin.api.organizations.updateOne(tenant.businessId, { settings: { automations: { quietHours: true } } } as never);
    const template = await admin.api.templates.createOne({ title: 'Welcome', subject: 'Welcome aboard', message: 'Hello {{enduser.fname}}' });
    const journey = await admin.api.journeys.createOne({ title: 'Night owl' });
    await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: template.id, senderId: admin.userInfo.id } },
    } as never);
    const email = `owl-${randomBytes(4).toString('hex')}@example.com`;
    const patient = await admin.api.endusers.createOne({ fname: 'Olive', email, timezone: ZONE } as never);

    // The test server's clock to 23:00 in Los Angeles.
    const now = await env.currentTimeMs();
    const today = localTime(now, ZONE);
    let night = instantOf({ ...today, hour: 23, minute: 0 }, ZONE);
    if (night <= now) night = instantOf({ ...nextDay(today), hour: 23, minute: 0 }, ZONE);
    await env.sleep(night - now);
    const eight = instantOf({ ...nextDay(localTime(night, ZONE)), hour: 8, minute: 0 }, ZONE);

    const taskQueue = `quiet-${randomBytes(4).toString('hex')}`;
    const channel = new SmtpEmailChannel(smtp.url, MAIL_FROM);
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: await workflowCode(),
      activities: createActivities({ dataSource: api.dataSource, email: channel }),
    });
    await worker.runUntil(async () => {
      await env.client.workflow.start(WORKFLOW_TYPES.journey, {
        workflowId: `quiet-${taskQueue}`,
        taskQueue,
        args: [{ businessId: tenant.businessId, journeyId: journey.id, enduserId: patient.id }],
      });
      const [pending] = await waitFor(
        () => admin.api.automated_actions.getSome({ filter: { enduserId: patient.id } }),
        (rows) => rows.length === 1,
        'the scheduled email step',
      );
      // The patient's pending step shows the moved time: 08:00 in Los Angeles.
      expect(pending).toMatchObject({ status: 'active', processAfter: eight });

      // 07:59 there: still nothing sent.
      await env.sleep(eight - 60_000 - (await env.currentTimeMs()));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.to(email)).toEqual([]);
      expect((await admin.api.automated_actions.getOne(pending.id)).status).toBe('active');

      // 08:00 there: the email goes out.
      await env.sleep(2 * 60_000);
      const sent = await smtp.waitFor(email);
      expect(sent.subject).toBe('Welcome aboard');
      await waitFor(() => admin.api.automated_actions.getOne(pending.id), (row) => row.status === 'finished', 'the step to finish');
    });
    await channel.close();
  });
});
