import { spawn } from 'node:child_process';
import { ROOT } from './paths';

/**
 * Runs a command with this terminal as its output and answers its exit status, without blocking this
 * process. The runners keep children of their own (Temporal, embedded PostgreSQL, the platform's api,
 * worker and portal) whose output they read through pipes: spawnSync stopped that reading for as long
 * as jest ran, the pipes filled (64 KB), and a child's next log line blocked it for good. That froze the
 * proof's worker after about 90 journeys (Linux writes to a pipe synchronously) in two soak runs.
 */
export const runInherited = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  new Promise<number>((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env });
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
