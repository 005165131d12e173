import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SmtpEmailChannel } from '@carelane/activities/channels/email';
import { DatabaseSmsChannel } from '@carelane/activities/channels/sms';
import { createWorker, type PlatformWorker } from '@carelane/workflows/worker';
import { startApi, type RunningApi } from '../support/api-server';
import { testEnv } from '../support/env';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { adminSession, createTenant } from '../support/tenant';

export const MAIL_FROM = 'Carelane Automations <automations@clinic.example.test>';

/** Polls `read` until `done` holds (then answers the value) or the time is up (then throws, naming what was awaited). */
export const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what = 'a condition', timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await read();
    if (done(last)) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The api (with its automation dispatcher), a real SMTP server, and an in-process worker on a task
 * queue of the suite's own whose automation activities send through SMTP to that server. Webhooks
 * may target loopback (explicitly allowed, as only tests and development do).
 */
export const startAutomations = async (
  options: {
    env?: Record<string, string>;
    /** The test calls runWorker itself, once work has queued up. */
    workerLater?: boolean;
    /** The api's own mail (sign-in codes, messages staff send) goes to the same SMTP server as the worker's, not to the database outbox. */
    apiMailBySmtp?: boolean;
  } = {},
) => {
  const taskQueue = `automations-${randomBytes(4).toString('hex')}`;
  const smtp = await startSmtpServer();
  const api = await startApi({ taskQueue, env: { ...(options.apiMailBySmtp ? { SMTP_URL: smtp.url } : {}), ...options.env } });
  const email = new SmtpEmailChannel(smtp.url, MAIL_FROM);
  const created = await createWorker({
    dataSource: api.dataSource,
    email,
    // The embedded SMS channel: texts are recorded in outgoing_messages, where tests read them.
    sms: new DatabaseSmsChannel(api.dataSource),
    webhooks: { allowPrivateTargets: true, timeoutMs: 5_000 },
    address: testEnv().temporalAddress,
    namespace: 'default',
    taskQueue,
  });
  const worker: PlatformWorker = created.worker;
  let running: Promise<void> | undefined;
  const runWorker = () => (running ??= worker.run());
  if (!options.workerLater) runWorker();
  return {
    api,
    smtp,
    taskQueue,
    /** A fresh organization and its admin's session through the reference client. */
    session: async () => {
      const tenant = await createTenant(api.dataSource);
      const sdk = await adminSession(api.host, tenant);
      return { tenant, sdk, userId: sdk.userInfo.id as string };
    },
    temporal: () => api.services.automations.temporal(),
    runWorker,
    stop: async () => {
      // A worker never run still holds the connection until it has run and stopped.
      const run = runWorker();
      worker.shutdown();
      await run;
      await created.connection.close();
      await email.close();
      await api.stop();
      await smtp.stop();
    },
  };
};

export type Automations = Awaited<ReturnType<typeof startAutomations>>;
export type { RunningApi, SmtpCapture };

/** A local HTTP receiver for webhooks that records each request's headers and body. */
export const startWebhookReceiver = async (status = 200) => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
