import { randomBytes } from 'node:crypto';
import { HANDED_OVER_NOTE, RESENT_IN_DOUBT_NOTE } from '@carelane/activities/channels/delivery';
import { startApi, type RunningApi } from '../support/api-server';
import { testEnv } from '../support/env';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';
import { adminSession, createTenant } from '../support/tenant';
import { MAIL_FROM, waitFor } from './support';

/**
 * The worker SIGKILLed in the middle of an automation email's SMTP conversation, at the two points
 * that matter (the test SMTP server holds the conversation there): before the server took the
 * message, and after it took it but before the worker heard its 250. The send-once ledger's claim is
 * committed before the send, and "handed over" just before the end-of-data mark that gives the
 * server the message: a retry after the first kill sends again (the server never had it), under the
 * same Message-ID (derived from the automated action); after the second it does not (the server has it).
 */
describe('a worker killed mid-send', () => {
  let api: RunningApi;
  let smtp: SmtpCapture;
  let worker: WorkerProcess | undefined;
  const taskQueue = `mid-send-${randomBytes(4).toString('hex')}`;
  const workerEnv = () => ({ NODE_ENV: 'test', DATABASE_URL: testEnv().databaseUrl, TEMPORAL_ADDRESS: testEnv().temporalAddress, TEMPORAL_TASK_QUEUE: taskQueue, SMTP_URL: smtp.url, MAIL_FROM });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startApi({ taskQueue });
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await smtp?.stop();
  });

  /** One enduser through a one-email journey, the worker killed when the SMTP conversation reaches `stage`. */
  const killAt = async (stage: 'recipient' | 'reply') => {
    worker = await startWorkerProcess(workerEnv());
    const tenant = await createTenant(api.dataSource);
    const sdk = await adminSession(api.host, tenant);
    const template = await sdk.api.templates.createOne({ title: 'Welcome', subject: 'Welcome {{enduser.fname}}', message: 'Hello.' });
    const journey = await sdk.api.journeys.createOne({ title: `Mid-send ${stage}` });
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: template.id, senderId: sdk.userInfo.id } },
    } as never);
    const held = smtp.hold(stage);
    const enduser = await sdk.api.endusers.createOne({ fname: 'Held', email: `held-${stage}-${randomBytes(3).toString('hex')}@example.test` });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    await held.reached;
    const atKill = smtp.to(enduser.email!).length;
    await worker.kill();
    held.release();

    worker = await startWorkerProcess(workerEnv());
    const [action] = await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { journeyId: journey.id } }),
      (rows) => rows.length === 1 && rows[0].status === 'finished',
      'the step finished after the restart',
      120_000,
    );
    await worker.stop();
    worker = undefined;
    const ledger: { status: string; attempts: number; note: string | null; externalId: string }[] = await api.dataSource.query(
      `SELECT status, attempts, note, "externalId" FROM message_deliveries WHERE "businessId" = $1 AND resource = 'emails'`,
      [tenant.businessId],
    );
    return { atKill, messages: smtp.to(enduser.email!), ledger, action };
  };

  test('killed before the SMTP server took the message: the retry sends it, one message in all', async () => {
    const { atKill, messages, ledger } = await killAt('recipient');
    expect(atKill).toBe(0);
    expect(messages).toHaveLength(1);
    expect(ledger).toEqual([{ status: 'sent', attempts: 2, note: RESENT_IN_DOUBT_NOTE, externalId: messages[0].headers['message-id'] }]);
  });

  test('killed after the whole message was handed to the SMTP server, before its 250: not sent again, one message in all, and the ledger says why', async () => {
    const { atKill, messages, ledger } = await killAt('reply');
    expect(atKill).toBe(1);
    expect(messages).toHaveLength(1);
    const messageId = messages[0].headers['message-id'];
    expect(messageId).toMatch(/^<carelane\.[0-9a-f]{24}@clinic\.example\.test>$/);
    expect(ledger).toEqual([{ status: 'sent', attempts: 1, note: HANDED_OVER_NOTE, externalId: messageId }]);
  });
});
