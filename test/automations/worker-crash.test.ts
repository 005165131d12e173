import { randomBytes } from 'node:crypto';
import { startApi, type RunningApi } from '../support/api-server';
import { testEnv } from '../support/env';
import { reportFigure } from '../support/figures';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';
import { adminSession, createTenant } from '../support/tenant';
import { MAIL_FROM, sleep, waitFor } from './support';

describe('a worker killed with SIGKILL mid-journey', () => {
  let api: RunningApi;
  let smtp: SmtpCapture;
  let worker: WorkerProcess | undefined;
  const taskQueue = `crash-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startApi({ taskQueue });
  });
  afterAll(async () => {
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    await api?.stop();
    await smtp?.stop();
  });

  test('after a restart every step still runs exactly once (one email per step, counted at the SMTP server)', async () => {
    const workerEnv = {
      NODE_ENV: 'test',
      DATABASE_URL: testEnv().databaseUrl,
      TEMPORAL_ADDRESS: testEnv().temporalAddress,
      TEMPORAL_TASK_QUEUE: taskQueue,
      SMTP_URL: smtp.url,
      MAIL_FROM,
    };
    worker = await startWorkerProcess(workerEnv);

    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const senderId = sdk.userInfo.id;
    const journey = await sdk.api.journeys.createOne({ title: 'Three emails' });
    let previous: string | undefined;
    for (const [index, delaySeconds] of [0, 4, 2].entries()) {
      const template = await sdk.api.templates.createOne({
        title: `Step ${index + 1}`,
        subject: `Step ${index + 1} for {{enduser.fname}}`,
        message: `Message ${index + 1}`,
      });
      const event = previous
        ? { type: 'afterAction', info: { automationStepId: previous, delay: delaySeconds, unit: 'Seconds', delayInMS: delaySeconds * 1000 } }
        : { type: 'onJourneyStart', info: {} };
      const step = await sdk.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [event],
        action: { type: 'sendEmail', info: { templateId: template.id, senderId } },
      } as never);
      previous = step.id;
    }
    const endusers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        sdk.api.endusers.createOne({ fname: `Crash${index}`, email: `crash-${index}-${randomBytes(3).toString('hex')}@example.test` })
      )
    );
    await sdk.api.endusers.add_to_journey({ enduserIds: endusers.map((enduser) => enduser.id), journeyId: journey.id });

    // Mid-journey: every first step done, every second step pending on its timer. Kill, and let the
    // timers come due while no worker is there.
    await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { journeyId: journey.id }, limit: 100 }),
      (rows) =>
        rows.filter((row) => row.status === 'finished').length === endusers.length && rows.filter((row) => row.status === 'active').length === endusers.length,
      'the first steps done and the second ones pending',
      60_000
    );
    worker.child.kill('SIGKILL');
    await worker.exited;
    const atKill = smtp.received.length;
    expect(atKill).toBe(endusers.length);
    await sleep(5_000);

    worker = await startWorkerProcess(workerEnv);
    const expected = endusers.length * 3;
    await waitFor(
      async () => smtp.received.length,
      (count) => count >= expected,
      `${expected} emails`,
      90_000
    );
    await sleep(3_000);

    expect(atKill).toBeLessThan(expected);
    for (const enduser of endusers) {
      const subjects = smtp
        .to(enduser.email!)
        .map((message) => message.subject)
        .sort();
      expect(subjects).toEqual([1, 2, 3].map((n) => `Step ${n} for ${enduser.fname}`));
    }
    reportFigure(`worker kill: 1 SIGKILL mid-journey, ${endusers.length} journeys x 3 steps, ${smtp.received.length} of ${expected} emails at the SMTP server`);
    expect(smtp.received).toHaveLength(expected);
    const actions = await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { journeyId: journey.id }, limit: 100 }),
      (rows) => rows.length === expected && rows.every((row) => row.status === 'finished'),
      'every automated action finished'
    );
    expect(actions).toHaveLength(expected);
  });
});
