import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openDataSource } from '@carelane/db';
import { startApiProcess } from '../support/api-process';
import { startWorkerProcess } from '../support/worker-process';
import { testEnv } from '../support/env';
import { adminSession, createTenant } from '../support/tenant';
import { openClientSocket } from '../realtime/support';

/** How long a process may take after SIGTERM (docs/decisions.md "Stopping cleanly"). */
const STOP_MS = 10_000;
/** Lines a clean stop never prints: errors, and the outbox relay polling a closed pool. */
const ERROR_LINE = /error|could not|cannot|failed|unhandled|exception/i;

const errorLines = (output: string) => output.split('\n').filter((line) => ERROR_LINE.test(line));
/** A clean exit: code 0, or the conventional end by the signal itself. */
const clean = (ended: { code: number | null; signal: NodeJS.Signals | null }) => ended.code === 0 || ended.signal === 'SIGTERM';

describe('processes stop cleanly on SIGTERM', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await openDataSource(testEnv().databaseUrl, { poolSize: 2 });
  });
  afterAll(async () => {
    await dataSource?.destroy();
  });

  test('the api exits within 10 s, with a socket, a keep-alive connection and a video call stream open, printing no error', async () => {
    const api = await startApiProcess({ jwtSecret: randomBytes(32).toString('hex') });
    const admin = await adminSession(api.host, await createTenant(dataSource));
    const { socket } = await openClientSocket(admin);
    const headers = { Authorization: `Bearer ${admin.authToken}`, 'Content-Type': 'application/json' };
    // A live meeting's signalling stream: a response that never ends by itself.
    const meeting = (await (await fetch(`${api.host}/v1/start-meeting`, { method: 'POST', headers, body: '{}' })).json()) as { id: string };
    const stream = await fetch(`${api.host}/v1/meetings/${meeting.id}/signal`, { headers });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    const drained = (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // the api closed the connection
      }
    })();
    const before = api.output().length;

    const ended = await api.terminate(STOP_MS + 10_000);
    socket.disconnect();
    await drained;

    const after = api.output().slice(before);
    expect({ ...ended, errors: errorLines(after) }).toEqual({ code: ended.code, signal: ended.signal, ms: ended.ms, errors: [] });
    expect(clean(ended)).toBe(true);
    expect(ended.ms).toBeLessThan(STOP_MS);
  });

  test('the worker drains and exits within 10 s, printing no error', async () => {
    const worker = await startWorkerProcess({
      NODE_ENV: 'test',
      DATABASE_URL: testEnv().databaseUrl,
      TEMPORAL_ADDRESS: testEnv().temporalAddress,
      TEMPORAL_TASK_QUEUE: `clean-stop-${randomBytes(4).toString('hex')}`,
    });
    const before = worker.output().length;
    const sent = Date.now();
    worker.child.kill('SIGTERM');
    const timer = setTimeout(() => worker.child.kill('SIGKILL'), STOP_MS + 10_000);
    const code = await worker.exited;
    clearTimeout(timer);
    const ms = Date.now() - sent;

    expect(errorLines(worker.output().slice(before))).toEqual([]);
    expect(clean({ code, signal: worker.child.signalCode })).toBe(true);
    expect(ms).toBeLessThan(STOP_MS);
  });
});
