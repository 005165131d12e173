import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { DEV_SERVER_DYNAMIC_CONFIG } from '../../scripts/services/temporal';

const ROOT = join(__dirname, '..', '..');

/** The Temporal CLI `npm test` uses: from PATH, else the one scripts/services/temporal.ts installed into .tools/. */
const temporalCli = () => {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir && existsSync(join(dir, 'temporal'))) return join(dir, 'temporal');
  const local = join(ROOT, '.tools', 'python', 'bin', 'temporal');
  if (!existsSync(local)) throw new Error('no Temporal CLI: run `npm test` once (it installs it into .tools/)');
  return local;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * A Temporal dev server of the test's own, keeping its state in a SQLite file, so the test can stop
 * it and start it again on the same port with everything it had (as a restarted Temporal server would).
 */
export const startOwnTemporal = async () => {
  const port = await freePort();
  const dbFile = join(mkdtempSync(join(tmpdir(), 'carelane-temporal-')), 'temporal.db');
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(temporalCli(), ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--headless', '--db-filename', dbFile, '--log-level', 'error', ...DEV_SERVER_DYNAMIC_CONFIG], { stdio: 'ignore' });
    const deadline = Date.now() + 90_000;
    while (!(await portOpen(port))) {
      if (Date.now() > deadline) throw new Error('the Temporal dev server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { Connection } = await import('@temporalio/client');
    for (;;) {
      try {
        const connection = await Connection.connect({ address: `127.0.0.1:${port}` });
        await connection.workflowService.describeNamespace({ namespace: 'default' });
        await connection.close();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child?.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  await start();
  return { address: `127.0.0.1:${port}`, stop, start };
};
