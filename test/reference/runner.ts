import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { RunningApi } from '../support/api-server';
import { createReferenceFixtures } from './fixtures';
import { RUN_ALONE, type ReferenceItem } from './functions';

export interface ReferenceResult {
  name: string;
  passed: number;
  failed: number;
  /** What stopped the function early: a thrown error, a timeout, or the process ending. */
  error?: string;
  failures: string[];
  ms: number;
}

/** A function passes when it ran to its end, every assertion held, and it made at least one. */
export const passedInFull = (result: ReferenceResult) => !result.error && result.failed === 0 && result.passed > 0;

type Progress = { passed: number; failed: number; failures: string[]; error?: string; done: boolean };

type Fixtures = Awaited<ReturnType<typeof createReferenceFixtures>>;

/**
 * Runs one function in a child process of its own, killed at `timeoutMs`, against a business of its
 * own (the generated CRUD tests may share one, made once, with REFERENCE_SHARED_GENERATED=1).
 */
const runOne = async (api: RunningApi, item: ReferenceItem, timeoutMs: number, shared: () => Promise<Fixtures>): Promise<ReferenceResult> => {
  const started = Date.now();
  let fixtures: Fixtures;
  // Shared only when asked (REFERENCE_SHARED_GENERATED=1): two generated tests running at once in one
  // business see each other's records (get-endusers counts the suite's default enduser).
  if (item.fn.startsWith('generated:') && process.env.REFERENCE_SHARED_GENERATED === '1') {
    try {
      fixtures = await shared();
    } catch (error) {
      return { name: item.name, passed: 0, failed: 0, error: `fixtures: ${(error as Error).message}`, failures: [], ms: Date.now() - started };
    }
    return runChild(item, fixtures, timeoutMs, started);
  }
  try {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out making the fixtures')), 60_000);
    });
    fixtures = await Promise.race([createReferenceFixtures(api), timeout]).finally(() => clearTimeout(timer));
  } catch (error) {
    return { name: item.name, passed: 0, failed: 0, error: `fixtures: ${(error as Error).message}`, failures: [], ms: Date.now() - started };
  }
  return runChild(item, fixtures, timeoutMs, started);
};

const runChild = (item: ReferenceItem, fixtures: Fixtures, timeoutMs: number, started: number) =>
  new Promise<ReferenceResult>((resolve) => {
    let last: Progress = { passed: 0, failed: 0, failures: [], done: false };
    const child = fork(join(__dirname, 'run-function.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...fixtures.env, REFERENCE_FILE: item.file, REFERENCE_FUNCTION: item.fn },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('message', (message) => (last = message as Progress));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      let error = last.error;
      if (timedOut) error = `timed out after ${timeoutMs / 1000}s`;
      else if (!last.done) error = `child exited (code ${code}) before finishing: ${stderr.slice(-500)}`;
      resolve({ name: item.name, passed: last.passed, failed: last.failed, error, failures: last.failures, ms: Date.now() - started });
    });
  });

/**
 * Runs the items `concurrency` at a time (each in its own business, so they cannot disturb each
 * other's records), then those of RUN_ALONE one by one.
 */
export const runReferenceFunctions = async (
  api: RunningApi,
  items: ReferenceItem[],
  options: { timeoutMs?: number; concurrency?: number; onResult?: (result: ReferenceResult) => void } = {},
) => {
  const { timeoutMs = 90_000, concurrency = 2 } = options;
  const results: ReferenceResult[] = new Array(items.length);
  let next = 0;
  let sharedFixtures: Promise<Fixtures> | undefined;
  const shared = () => (sharedFixtures ??= createReferenceFixtures(api));
  const run = async (index: number) => {
    results[index] = await runOne(api, items[index], timeoutMs, shared);
    options.onResult?.(results[index]);
  };
  const together = items.flatMap((item, index) => (RUN_ALONE.has(item.name) ? [] : [index]));
  const worker = async () => {
    while (next < together.length) await run(together[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, together.length) }, worker));
  // Then those that read against a fixed clock, one at a time with nothing beside them.
  for (const [index, item] of items.entries()) if (RUN_ALONE.has(item.name)) await run(index);
  return results;
};

/** The table the runner prints: function, assertions passed, failed, and why it stopped early. */
export const formatTable = (results: ReferenceResult[]) => {
  const width = Math.max(8, ...results.map((r) => r.name.length));
  const lines = [`${'function'.padEnd(width)}  passed  failed  result`];
  for (const r of results) {
    const verdict = passedInFull(r) ? 'PASS' : `FAIL${r.error ? ` (${r.error.replace(/\s+/g, ' ').slice(0, 100)})` : ''}`;
    lines.push(`${r.name.padEnd(width)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${verdict}`);
  }
  const totalPassed = results.reduce((sum, r) => sum + r.passed, 0);
  const totalFailed = results.reduce((sum, r) => sum + r.failed, 0);
  const functionsPassing = results.filter(passedInFull).length;
  lines.push(`${'TOTAL'.padEnd(width)}  ${String(totalPassed).padStart(6)}  ${String(totalFailed).padStart(6)}  ${functionsPassing}/${results.length} functions pass in full`);
  return lines.join('\n');
};
