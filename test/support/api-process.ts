import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEnv } from './env';

const ROOT = join(__dirname, '..', '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A second api as its own operating-system process (`node --import tsx api/src/main.ts`, as
 * `npm start` runs it), on its own port, sharing the test run's PostgreSQL and Redis and the given
 * JWT secret, so a token issued by one api works on the other.
 */
export const startApiProcess = async (options: {
  jwtSecret: string;
  env?: Record<string, string>;
  /** Defaults: the test run's (testEnv). */
  databaseUrl?: string;
  redisUrl?: string;
  temporalAddress?: string;
  /** Extra node options before the entry point (a bench's --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}) => {
  const env = options.databaseUrl ? { databaseUrl: options.databaseUrl, redisUrl: options.redisUrl, temporalAddress: options.temporalAddress ?? '127.0.0.1:7233' } : testEnv();
  if (!env.redisUrl) throw new Error('REDIS_URL is not set: two api processes share changes through Redis');
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', join(ROOT, 'api', 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      API_PORT: String(port),
      DATABASE_URL: env.databaseUrl,
      TEMPORAL_ADDRESS: env.temporalAddress,
      TEMPORAL_TASK_QUEUE: 'carelane-test',
      REDIS_URL: env.redisUrl,
      JWT_SECRET: options.jwtSecret,
      FILES_DIR: mkdtempSync(join(tmpdir(), 'carelane-files-')),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the api process did not start: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('api: listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the api process exited (${code}): ${output}`));
    });
  });
  return {
    host: `http://127.0.0.1:${port}`,
    output: () => output,
    /** A crash: SIGKILL, no shutdown of any kind. */
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    /**
     * SIGTERM, as a supervisor sends it: answers how the process ended and how long after the signal
     * (a process still running after `killAfterMs` is killed, and the answer says SIGKILL).
     */
    terminate: async (killAfterMs = 20_000) => {
      const sent = Date.now();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      const ended = await exited;
      clearTimeout(timer);
      return { ...ended, ms: Date.now() - sent };
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
};
