/**
 * `npm run proof`: the proof suites (issue 21) against the real stack. Provisions like `npm test` (a
 * scratch database, a fresh Temporal dev server on free ports, Redis when configured or running),
 * starts the api, the worker and the portal as `npm start` runs them (scripts/services/platform.ts),
 * runs every proof suite with jest and prints one figure line per suite. Exits non-zero when a
 * suite fails or does not report its figure. Everything it started is stopped.
 *
 * PROOF_ONLY=<regex> runs only the suites whose file matches (e.g. PROOF_ONLY=fuzz). PROOF_HOLD=1
 * starts the stack, prints the environment the suites get and waits for Ctrl-C (to work on a suite).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase } from '@carelane/db';
import { Children } from './services/children';
import { startPlatform } from './services/platform';
import { providePostgres, scratchDatabaseUrl } from './services/postgres';
import { distinctFreePorts, freePort, isPortOpen } from './services/ports';
import { schemathesisCommand } from './services/schemathesis';
import { provideTemporal } from './services/temporal';
import { buildWebIfNeeded } from './services/web-build';
import { runInherited } from './services/run-inherited';

/** Every suite the proof runs, with the figure name it must report. Fast ones also run in `npm test`. */
const SUITES: { file: string; figure: string }[] = [
  { file: 'test/safety/security-headers.test.ts', figure: 'headers' },
  { file: 'test/safety/mass-assignment.test.ts', figure: 'mass assignment' },
  { file: 'test/safety/secrets-canary.test.ts', figure: 'secrets canary' },
  { file: 'test/safety/organization-automations.test.ts', figure: 'organizations' },
  { file: 'test/proof/fuzz.proof.ts', figure: 'fuzz' },
  { file: 'test/proof/injection.proof.ts', figure: 'xss' },
  { file: 'test/proof/injection.proof.ts', figure: 'sql injection' },
  { file: 'test/proof/injection.proof.ts', figure: 'prototype pollution' },
  { file: 'test/automations/worker-crash.test.ts', figure: 'worker kill' },
  { file: 'test/proof/worker-kills.proof.ts', figure: 'worker kills' },
  { file: 'test/proof/temporal-restart.proof.ts', figure: 'temporal restart' },
  { file: 'test/proof/api-kill.proof.ts', figure: 'api kill' },
  { file: 'test/proof/postgres-away.proof.ts', figure: 'postgres away' },
  { file: 'test/proof/soak.proof.ts', figure: 'soak' },
];

const main = async () => {
  let crashed: string | undefined;
  const children = new Children((name, code, signal) => {
    crashed = `${name} stopped unexpectedly (${signal ?? `exit code ${code}`})`;
    console.error(crashed);
  });
  const postgres = await providePostgres();
  const database = await scratchDatabaseUrl(postgres, 'carelane_proof');
  try {
    const [port, uiPort] = await distinctFreePorts(2);
    const temporal = await provideTemporal(children, { port, uiPort, persistent: false, reuseRunning: false });
    const redisUrl = process.env.REDIS_URL ?? ((await isPortOpen(6379)) ? 'redis://127.0.0.1:6379' : undefined);
    buildWebIfNeeded();
    const schemathesis = schemathesisCommand();

    const apiPort = await freePort();
    const webPort = await freePort();
    const adminEmail = `admin-${randomBytes(4).toString('hex')}@proof.test`;
    const adminPassword = `Proof-${randomBytes(6).toString('hex')}-1`;
    const subdomain = 'proof';
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: database,
      TEMPORAL_ADDRESS: temporal.address,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      FILES_DIR: mkdtempSync(join(tmpdir(), 'carelane-proof-files-')),
      API_PORT: String(apiPort),
      API_URL: `http://127.0.0.1:${apiPort}`,
      PORT: String(webPort),
      PORTAL_URL: `http://localhost:${webPort}`,
      PORTAL_DEFAULT_SUBDOMAIN: subdomain,
      DEFAULT_ORGANIZATION_SUBDOMAIN: subdomain,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
    };
    console.log('Starting the platform as `npm start` runs it ...');
    const platform = await startPlatform(children, env, { api: apiPort, web: webPort });

    const only = process.env.PROOF_ONLY ? new RegExp(process.env.PROOF_ONLY) : undefined;
    const suites = SUITES.filter((suite) => !only || only.test(suite.file));
    const figures = join(mkdtempSync(join(tmpdir(), 'carelane-proof-')), 'figures.txt');
    const jestEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      TZ: 'UTC',
      DATABASE_URL: database,
      TEMPORAL_ADDRESS: temporal.address,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      PROOF_FIGURES: figures,
      PROOF_API_URL: `http://127.0.0.1:${apiPort}`,
      PROOF_PORTAL_URL: `http://localhost:${webPort}`,
      PROOF_ADMIN_EMAIL: adminEmail,
      PROOF_ADMIN_PASSWORD: adminPassword,
      PROOF_PIDS: JSON.stringify({ api: platform.api.pid, worker: platform.worker.pid, web: platform.web.pid }),
      PROOF_SCHEMATHESIS: schemathesis.binary,
      PROOF_SCHEMATHESIS_PYTHONPATH: schemathesis.pythonPath,
    };
    if (process.env.PROOF_HOLD === '1') {
      for (const [name, value] of Object.entries(jestEnv)) if (/^(PROOF_|DATABASE_URL|TEMPORAL_ADDRESS|REDIS_URL)/.test(name)) console.log(`${name}=${value}`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
      return 0;
    }
    const jestStatus = await runInherited(
      process.execPath,
      [require.resolve('jest/bin/jest'), '--runInBand', '--testTimeout=5400000', '--testMatch', ...new Set(suites.map((suite) => `<rootDir>/${suite.file}`)), ...process.argv.slice(2)],
      jestEnv,
    );

    const lines = existsSync(figures) ? readFileSync(figures, 'utf8').split('\n').filter(Boolean) : [];
    const missing = suites.filter((suite) => !lines.some((line) => line.startsWith(`${suite.figure}:`)));
    console.log('\nProof figures:');
    for (const line of lines) console.log(`  ${line}`);
    for (const suite of missing) console.log(`  ${suite.figure}: NO FIGURE (${suite.file} failed before reporting)`);
    if (crashed) console.log(`  platform: ${crashed}`);
    return jestStatus === 0 && missing.length === 0 && !crashed ? 0 : 1;
  } finally {
    await children.stopAll();
    await dropDatabase(database).catch(() => {});
    await postgres.stop();
  }
};

main().then(
  (status) => process.exit(status),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
