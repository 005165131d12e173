import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { openDataSource } from '@carelane/db';
import { createApp, loadApiConfig, stopApp } from '@carelane/api';
import { testEnv } from './env';

/**
 * The real api (express, TypeORM, PostgreSQL, Temporal client) on a free port in this test process.
 * `taskQueue` lets a suite run its own worker without other suites' workers taking its tasks; `env`
 * adds configuration (SMTP_URL at the suite's own SMTP server ...). TWILIO_* settings are read from
 * the process environment by the SMS channel, as in the worker, so they are set while the app is built.
 */
export const startApi = async (options: { taskQueue?: string; env?: Record<string, string> } = {}) => {
  const env = testEnv();
  const config = loadApiConfig({
    NODE_ENV: 'test',
    DATABASE_URL: env.databaseUrl,
    TEMPORAL_ADDRESS: env.temporalAddress,
    TEMPORAL_TASK_QUEUE: options.taskQueue ?? 'carelane-test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    FILES_DIR: mkdtempSync(join(tmpdir(), 'carelane-files-')),
    // Suites read what the embedded channels kept through the development mailbox, as a root Admin
    // (never in production, where the api refuses it: a suite starting one there leaves it off).
    ...(options.env?.NODE_ENV === 'production' ? {} : { DEV_MAILBOX: 'true' }),
    ...(env.redisUrl ? { REDIS_URL: env.redisUrl } : {}),
    ...options.env,
  });
  const dataSource = await openDataSource(config.databaseUrl, { poolSize: 5 });
  const twilio = Object.entries(options.env ?? {}).filter(([key]) => key.startsWith('TWILIO_'));
  const previous = new Map(twilio.map(([key]) => [key, process.env[key]]));
  for (const [key, value] of twilio) process.env[key] = value;
  const { app, services, changes, realtime } = createApp(config, dataSource);
  for (const [key, value] of previous) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  realtime.attach(server);
  await realtime.ready();
  const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    config,
    dataSource,
    services,
    /** The change outbox's feed and relay (api/src/events). */
    changes,
    /** Socket.io and graphql-ws delivery (api/src/realtime). */
    realtime,
    stop: async () => {
      realtime.closeSockets();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopApp({ changes, realtime, services });
      await dataSource.destroy();
    },
  };
};

export type RunningApi = Awaited<ReturnType<typeof startApi>>;
