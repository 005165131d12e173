import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TOOLS_DIR } from './paths';

/** Pinned so a new release cannot change what the fuzz suite generates or checks without a commit. */
const VERSION = '4.32.5';
const TARGET = join(TOOLS_DIR, 'schemathesis');

/**
 * The schemathesis CLI from PyPI, installed with `pip install --target` into .tools/schemathesis
 * (its own folder: its many Python dependencies stay apart from the Temporal binaries in .tools/python).
 * Returns the command and the PYTHONPATH it needs.
 */
export const schemathesisCommand = () => {
  const binary = join(TARGET, 'bin', 'schemathesis');
  const installed = existsSync(join(TARGET, `schemathesis-${VERSION}.dist-info`));
  if (!installed) {
    console.log(`Installing schemathesis ${VERSION} from PyPI into .tools/schemathesis ...`);
    const result = spawnSync('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--upgrade', '--target', TARGET, `schemathesis==${VERSION}`], {
      stdio: 'inherit',
    });
    if (result.status !== 0 || !existsSync(binary)) throw new Error('Could not install schemathesis from PyPI (python3 -m pip)');
  }
  return { binary, pythonPath: TARGET };
};
