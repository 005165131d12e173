import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** How long stopAll waits for the platform's processes, then for infrastructure (docs/decisions.md "Stopping cleanly"). */
export const STOP_GRACE_MS = 7_000;
export const INFRASTRUCTURE_GRACE_MS = 2_000;

/**
 * The processes a command started. Output is prefixed with the child's name; stopAll sends SIGTERM
 * and, after a bounded wait, SIGKILL (saying so). An unexpected exit is reported through onCrash.
 * Children started with `infrastructure` (Temporal) are stopped after the others, which may still need them.
 */
export class Children {
  private readonly running = new Map<string, ChildProcess>();
  private readonly infrastructure = new Set<string>();
  private stopping = false;

  constructor(private readonly onCrash: (name: string, code: number | null, signal: NodeJS.Signals | null) => void) {}

  start(name: string, command: string, args: string[], options: SpawnOptions & { quiet?: boolean; infrastructure?: boolean } = {}) {
    const { quiet, infrastructure, ...spawnOptions } = options;
    const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
    if (infrastructure) this.infrastructure.add(name);
    const prefix = `[${name}] `;
    const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
      let buffered = '';
      stream?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        if (!quiet) for (const line of lines) out.write(prefix + line + '\n');
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

  /**
   * Stops every child: SIGTERM to the platform's processes at once (the worker drains while Temporal
   * still runs; the api and the portal need nothing from each other to stop), then to infrastructure.
   * A child still running after its stage's grace is killed, and the console says so.
   */
  async stopAll(graceMs = STOP_GRACE_MS, infrastructureGraceMs = INFRASTRUCTURE_GRACE_MS) {
    this.stopping = true;
    const children = [...this.running.entries()];
    const stage = (infrastructure: boolean, ms: number) =>
      Promise.all(children.filter(([name]) => this.infrastructure.has(name) === infrastructure).map(([name, child]) => stopChild(name, child, ms)));
    await stage(false, graceMs);
    await stage(true, infrastructureGraceMs);
  }
}

const stopChild = (name: string, child: ChildProcess, graceMs: number) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      console.error(`${name} did not stop within ${graceMs / 1000} s of SIGTERM; sending SIGKILL`);
      child.kill('SIGKILL');
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
