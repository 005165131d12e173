import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The worker as production runs it: its own process (`node --import tsx workflows/src/worker/main.ts`), started once it polls. */
export const startWorkerProcess = async (env: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'workflows', 'src', 'worker', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while (!output.includes('worker: polling')) {
    if (child.exitCode !== null) throw new Error(`the worker exited while starting:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the worker did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    exited,
    output: () => output,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
};

export type WorkerProcess = Awaited<ReturnType<typeof startWorkerProcess>>;
