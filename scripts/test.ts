/**
 * `npm test`: provisions like `npm start` but with a fresh database and a fresh in-memory Temporal
 * dev server on free ports, type-checks every workspace, builds the portal, runs every jest test
 * (unit and end to end) and exits non-zero on any failure. Everything it started is stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase } from '@carelane/db';
import { writeWorkflowBundle } from '@carelane/workflows/workflow-code';
import { Children } from './services/children';
import { providePostgres, scratchDatabaseUrl } from './services/postgres';
import { distinctFreePorts, isPortOpen } from './services/ports';
import { provideTemporal, temporalBinary } from './services/temporal';
import { buildWebIfNeeded } from './services/web-build';
import { runInherited } from './services/run-inherited';

/** Where the unit tests live (beside the code); test/ holds the end-to-end suites. */
const UNIT_TEST_ROOTS = ['automation/src', 'db/src', 'engine/src', 'api/src', 'activities/src', 'workflows/src'];

const main = async () => {
  const children = new Children((name, code) => console.error(`${name} exited during the tests (code ${code})`));
  const postgres = await providePostgres();
  const database = await scratchDatabaseUrl(postgres, 'carelane_test');
  let status = 1;
  const scratch = mkdtempSync(join(tmpdir(), 'carelane-test-'));
  try {
    const [port, uiPort] = await distinctFreePorts(2);
    const temporal = await provideTemporal(children, { port, uiPort, persistent: false, reuseRunning: false });
    const redisUrl = process.env.REDIS_URL ?? ((await isPortOpen(6379)) ? 'redis://127.0.0.1:6379' : undefined);
    temporalBinary(); // also installs the time-skipping test server beside it for workflow tests

    // FOCUSED=1 skips the type-check and portal build for a quick run of a few suites while working;
    // `npm test` without it (as CI runs it) always does both.
    if (process.env.FOCUSED !== '1') {
      console.log('Type-checking ...');
      status = await runInherited('npm', ['run', 'typecheck']);
      if (status !== 0) return status;
      buildWebIfNeeded();
    }

    // The workflow code, bundled once for every suite and worker process of this run (workflow-code.ts).
    const workflowBundle = join(scratch, 'workflows.js');
    await writeWorkflowBundle(workflowBundle);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      TZ: 'UTC',
      DATABASE_URL: database,
      TEMPORAL_ADDRESS: temporal.address,
      WORKFLOW_BUNDLE_PATH: workflowBundle,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };
    console.log(`Running tests against ${postgres.source} PostgreSQL, Temporal ${temporal.source}${redisUrl ? `, Redis ${redisUrl}` : ''}`);
    const jest = [require.resolve('jest/bin/jest'), '--maxWorkers=2'];
    // The unit tests beside the code once more on another clock first (a few seconds): nothing may
    // depend on the machine's zone. Skipped when a subset was asked for.
    if (process.argv.length <= 2) {
      console.log('Unit tests with TZ=America/New_York ...');
      status = await runInherited(process.execPath, [...jest, ...UNIT_TEST_ROOTS], { ...env, TZ: 'America/New_York' });
      if (status !== 0) return status;
    }
    status = await runInherited(process.execPath, [...jest, ...process.argv.slice(2)], env);
    return status;
  } finally {
    await children.stopAll();
    await dropDatabase(database).catch(() => {});
    await postgres.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
};

main().then(
  (status) => process.exit(status),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
