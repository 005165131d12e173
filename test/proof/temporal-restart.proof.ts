import { randomBytes } from 'node:crypto';
import { MAIL_FROM, waitFor } from '../automations/support';
import { startApi, type RunningApi } from '../support/api-server';
import { testEnv } from '../support/env';
import { reportFigure } from '../support/figures';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { startOwnTemporal } from '../support/temporal-dev-server';
import { adminSession, createTenant } from '../support/tenant';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';
import { stepMismatches, threeEmailJourney } from './email-journey';

const ENDUSERS = 5;
const AWAY_MS = 20_000;

/**
 * Issue 21: the Temporal server stopped mid-journey (first steps sent, second steps waiting on
 * their 15 s timers) and started again after the timers came due. Its promise: the timers still
 * fire, and every step runs exactly once (counted at the SMTP server).
 */
describe('the Temporal server stopped and restarted mid-journey', () => {
  let temporal: Awaited<ReturnType<typeof startOwnTemporal>>;
  let api: RunningApi;
  let smtp: SmtpCapture;
  let worker: WorkerProcess | undefined;
  const taskQueue = `temporal-restart-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    temporal = await startOwnTemporal();
    smtp = await startSmtpServer();
    api = await startApi({ taskQueue, env: { TEMPORAL_ADDRESS: temporal.address } });
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await smtp?.stop();
    await temporal?.stop();
  });

  it('timers still fire, nothing lost or doubled', async () => {
    const workerEnv = { NODE_ENV: 'test', DATABASE_URL: testEnv().databaseUrl, TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue, SMTP_URL: smtp.url, MAIL_FROM };
    worker = await startWorkerProcess(workerEnv);
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const journey = await threeEmailJourney(sdk, [15, 3]);
    const endusers = await Promise.all(
      Array.from({ length: ENDUSERS }, (_, index) => sdk.api.endusers.createOne({ fname: `Timer${index}`, email: `timer-${index}-${randomBytes(3).toString('hex')}@example.test` })),
    );
    await sdk.api.endusers.add_to_journey({ enduserIds: endusers.map((enduser) => enduser.id), journeyId: journey.id });
    await waitFor(async () => smtp.received.length, (count) => count >= ENDUSERS, 'the first steps', 60_000);
    const atStop = smtp.received.length;

    await temporal.stop();
    await new Promise((resolve) => setTimeout(resolve, AWAY_MS));
    await temporal.start();
    // The worker is expected to reconnect by itself; if it gave up while the server was away, start it again (counted).
    let workerRestarts = 0;
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) {
      workerRestarts++;
      worker = await startWorkerProcess(workerEnv);
    }

    const expected = ENDUSERS * 3;
    await waitFor(async () => smtp.received.length, (count) => count >= expected, `${expected} emails`, 240_000);
    await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { journeyId: journey.id }, limit: 100 }),
      (rows) => rows.length >= expected && rows.every((row) => row.status === 'finished'),
      'every automated action finished',
      120_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const mismatches = stepMismatches(endusers, (email) => smtp.to(email).map((message) => message.subject));
    reportFigure(
      `temporal restart: server away ${AWAY_MS / 1000} s mid-journey (${atStop} of ${expected} emails sent before), ${smtp.received.length} of ${expected} emails after, ${mismatches.length} journeys with a lost or doubled step, worker restarted ${workerRestarts} times`,
    );
    expect(atStop).toBe(ENDUSERS);
    expect(mismatches).toEqual([]);
    expect(smtp.received).toHaveLength(expected);
  });
});
