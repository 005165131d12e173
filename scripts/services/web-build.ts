import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths';

const newestChange = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }, 0);

/** Builds the portal when its build is missing or older than its sources. */
export const buildWebIfNeeded = () => {
  const web = join(ROOT, 'web');
  const built = join(web, 'build', 'server', 'index.js');
  const sources = Math.max(newestChange(join(web, 'app')), newestChange(join(web, 'public')), statSync(join(web, 'vite.config.ts')).mtimeMs);
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('Building the portal (web) ...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The portal build failed');
};
