#!/usr/bin/env node
/**
 * Entry of `npm start` and `npm test`. Runs before dependencies may exist (plain CommonJS, no
 * TypeScript): installs them when missing, then hands over to the TypeScript orchestrator.
 */
const { spawn, spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const command = process.argv[2];
if (!['start', 'test', 'proof'].includes(command)) {
  console.error('usage: node scripts/bootstrap.cjs start|test|proof');
  process.exit(2);
}

if (!existsSync(join(root, 'node_modules', 'tsx')) || !existsSync(join(root, 'node_modules', '@carelane', 'db'))) {
  console.log('Installing dependencies (npm install) ...');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, `${command}.ts`), ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
});
// The orchestrator handles Ctrl-C and SIGTERM itself (it stops every service it started).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
