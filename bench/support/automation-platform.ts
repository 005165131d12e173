import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { dropDatabase, openDataSource } from '@carelane/db';
import { DatabaseEmailChannel } from '@carelane/activities/channels/database-email';
import { createWorker } from '@carelane/workflows/worker';
import { DEFAULT_MAX_CACHED_WORKFLOWS } from '@carelane/workflows/worker-config';
import { Children } from '../../scripts/services/children';
import { freePort } from '../../scripts/services/ports';
import { providePostgres, scratchDatabaseUrl } from '../../scripts/services/postgres';
import { provideTemporal } from '../../scripts/services/temporal';
import { startProcess } from './processes';

/**
 * What the automation benches measure against: a scratch database (on DATABASE_URL's server, else
 * the local one, else embedded PostgreSQL), a Temporal dev server on 7233 (reused if one runs), the
 * worker in the bench's own process on a task queue of its own, and the api as its own process
 * exactly as `npm start` runs it. Emails go to the embedded database channel (no SMTP).
 */
export const startAutomationPlatform = async (
  name: string,
  // env: more of the api's environment (REDIS_URL); keepDatabase: leave the scratch database for a look
  // afterwards; apiNodeArgs: Node options for the api (--cpu-prof to see where its time goes).
  options: { poolSize: number; env?: Record<string, string>; keepDatabase?: boolean; apiNodeArgs?: string[] },
) => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const children = new Children((child, code) => console.error(`${child} exited (code ${code})`));
  const postgres = await providePostgres();
  const url = await scratchDatabaseUrl(postgres, `carelane_bench_${name}`);
  const temporal = await provideTemporal(children, { port: 7233, uiPort: 8233, persistent: false, reuseRunning: true });
  const taskQueue = `bench-${name}-${randomBytes(4).toString('hex')}`;
  const dataSource = await openDataSource(url, { poolSize: options.poolSize });
  const email = new DatabaseEmailChannel(dataSource, 'Bench <bench@example.test>');
  // The workflow cache npm start's worker keeps (workflows/src/worker/config.ts): with Temporal's own
  // default (~2,300 on a 4 GB heap) every open journey run stayed in memory: at the bulk add the
  // bench's process held 1.4 GB and spent three times the baseline's CPU (bench/README.md).
  const { worker, connection: workerConnection } = await createWorker({
    dataSource,
    email,
    address: temporal.address,
    namespace: 'default',
    taskQueue,
    overrides: { maxCachedWorkflows: DEFAULT_MAX_CACHED_WORKFLOWS },
  });
  const running = worker.run();
  const api = await startProcess(
    join('api', 'src', 'main.ts'),
    {
      NODE_ENV: 'production',
      API_PORT: String(await freePort()),
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      FILES_DIR: mkdtempSync(join(tmpdir(), 'carelane-bench-files-')),
      ...options.env,
    },
    /api: listening on http:\/\/localhost:(\d+)/,
    options.apiNodeArgs,
  );
  return {
    postgres,
    temporal,
    taskQueue,
    dataSource,
    url,
    apiPid: api.pid,
    host: `http://127.0.0.1:${api.port}`,
    stop: async () => {
      await api.stop();
      worker.shutdown();
      await running;
      await workerConnection.close();
      await dataSource.destroy();
      if (!options.keepDatabase) await dropDatabase(url).catch(() => {});
      else console.log(`kept ${url}`);
      await children.stopAll();
      await postgres.stop();
    },
  };
};
