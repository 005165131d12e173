import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * The processes a command started. Output is prefixed with the child's name; stopAll sends SIGTERM
 * and, after a grace period, SIGKILL. An unexpected exit is reported through onCrash.
 */
export class Children {
  private readonly running = new Map<string, ChildProcess>();
  private stopping = false;

  constructor(private readonly onCrash: (name: string, code: number | null, signal: NodeJS.Signals | null) => void) {}

  start(name: string, command: string, args: string[], options: SpawnOptions & { quiet?: boolean } = {}) {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
    const prefix = `[${name}] `;
    const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
      let buffered = '';
      stream?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        if (!options.quiet) for (const line of lines) out.write(prefix + line + '\n');
      });
    };
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('exit', (code, signal) => {
      this.running.delete(name);
      if (!this.stopping) this.onCrash(name, code, signal);
    });
    this.running.set(name, child);
    return child;
  }

  /** Stops children one by one, newest first, so the worker drains while Temporal and the api still run. */
  async stopAll(graceMs = 10_000) {
    this.stopping = true;
    for (const child of [...this.running.values()].reverse()) {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
  }
}
