import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Session } from '@tellescope/sdk';
import { openDataSource } from '@carelane/db';
import { MAIL_FROM, waitFor } from '../automations/support';
import { startApiProcess } from '../support/api-process';
import { testEnv } from '../support/env';
import { reportFigure } from '../support/figures';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { createTenant } from '../support/tenant';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';

const WRITERS = 8;

/**
 * Issue 21: the api process SIGKILLed in the middle of a burst of writes. Each write creates an
 * enduser that joins a journey whose first step emails it, so its change event is visible at the
 * SMTP server. After a new api process starts (it replays the change outbox): every stored record is
 * whole, every write a client saw succeed is stored, and every stored record's change event arrived
 * exactly once (one welcome email each).
 */
describe('the api SIGKILLed during a burst of writes', () => {
  let dataSource: DataSource;
  let smtp: SmtpCapture;
  let worker: WorkerProcess | undefined;
  const apis: Awaited<ReturnType<typeof startApiProcess>>[] = [];
  const taskQueue = `api-kill-${randomBytes(4).toString('hex')}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const startApi = async () => {
    const api = await startApiProcess({ jwtSecret, env: { TEMPORAL_TASK_QUEUE: taskQueue } });
    apis.push(api);
    return api;
  };

  beforeAll(async () => {
    dataSource = await openDataSource(testEnv().databaseUrl, { poolSize: 2 });
    smtp = await startSmtpServer();
    worker = await startWorkerProcess({ NODE_ENV: 'test', DATABASE_URL: testEnv().databaseUrl, TEMPORAL_ADDRESS: testEnv().temporalAddress, TEMPORAL_TASK_QUEUE: taskQueue, SMTP_URL: smtp.url, MAIL_FROM });
  });
  afterAll(async () => {
    for (const api of apis) await api.stop().catch(() => undefined);
    await worker?.stop();
    await smtp?.stop();
    await dataSource?.destroy();
  });

  it('no partial record, no lost or doubled change event, no client told success for a lost write', async () => {
    const tenant = await createTenant(dataSource);
    const first = await startApi();
    const admin = new Session({ host: first.host });
    await admin.authenticate(tenant.adminEmail, tenant.adminPassword);
    const template = await admin.api.templates.createOne({ title: 'Welcome', subject: 'Welcome {{enduser.fname}}', message: 'Hello {{enduser.lname}}.' });
    const journey = await admin.api.journeys.createOne({ title: 'Burst' });
    await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: template.id, senderId: admin.userInfo.id } },
    } as never);

    const answers: { marker: string; status: number; id?: string }[] = [];
    let dead = false;
    const writer = async (index: number) => {
      for (let n = 0; !dead; n++) {
        const marker = `Burst${index}x${n}${randomBytes(2).toString('hex')}`;
        try {
          const response = await fetch(`${first.host}/v1/enduser`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${admin.authToken}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ fname: marker, lname: `${marker}-last`, email: `${marker.toLowerCase()}@example.test`, fields: { marker, index, n }, tags: [marker], journeys: { [journey.id]: 'New' } }),
          });
          const body = (await response.json().catch(() => ({}))) as { id?: string };
          answers.push({ marker, status: response.status, id: body.id });
        } catch {
          answers.push({ marker, status: -1 }); // the connection died with the process
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
    await waitFor(async () => answers.filter((answer) => answer.status === 200).length, (count) => count >= 40, '40 stored writes', 120_000);
    await first.kill();
    dead = true;
    await Promise.all(writers);

    const second = await startApi();
    const restarted = Date.now();
    type Row = { _id: string; fname: string; lname: string; email: string; fields: Record<string, unknown>; tags: string[]; journeys: Record<string, string> };
    const rows: Row[] = await dataSource.query(`SELECT _id, fname, lname, email, fields, tags, journeys FROM endusers WHERE "businessId" = $1 AND fname LIKE 'Burst%'`, [tenant.businessId]);
    const partial = rows.filter(
      (row) => row.lname !== `${row.fname}-last` || row.email !== `${row.fname.toLowerCase()}@example.test` || row.fields?.marker !== row.fname || row.tags?.[0] !== row.fname || row.journeys?.[journey.id] !== 'New',
    );
    const stored = new Set(rows.map((row) => row._id));
    const lostSuccesses = answers.filter((answer) => answer.status === 200 && !stored.has(answer.id!));

    // The outbox replays what the killed process committed and had not handed on.
    await waitFor(async () => rows.filter((row) => smtp.to(row.email).length > 0).length, (count) => count === rows.length, `a welcome email for each of ${rows.length} stored endusers`, 180_000);
    // The rows left, with what they are and when they are due (the failure message shows them).
    await waitFor(
      () =>
        dataSource.query(
          `SELECT event->>'resource' AS resource, event->>'kind' AS kind, event->>'origin' AS origin, attempts, "doneConsumers", "createdAt", "nextAttemptAt", now() AS now
             FROM change_outbox WHERE "businessId" = $1`,
          [tenant.businessId],
        ) as Promise<unknown[]>,
      (left) => left.length === 0,
      'an empty outbox',
      60_000,
    );
    const drainedS = Math.round((Date.now() - restarted) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const doubled = rows.filter((row) => smtp.to(row.email).length !== 1);
    const failed = answers.filter((answer) => answer.status !== 200).length;

    reportFigure(
      `api kill: SIGKILL during ${answers.length} writes (${failed} unanswered or failed), ${rows.length} records stored, ${partial.length} partial, ${lostSuccesses.length} acknowledged but lost, ${rows.length - doubled.length} of ${rows.length} change events delivered exactly once, outbox empty ${drainedS} s after the restart`,
    );
    expect(partial).toEqual([]);
    expect(lostSuccesses).toEqual([]);
    expect(doubled.map((row) => `${row.email}: ${smtp.to(row.email).length}`)).toEqual([]);
    expect(second.output()).toContain('api: listening');
  });
});
