import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface LoadResult {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
}

/**
 * One autocannon run in its own process (its CLI, `--json`), so the load generator never shares an
 * event loop with the server it measures. Throws when any answer was not 2xx or a connection failed;
 * requests unanswered after 30 s are counted in `timeouts` (printed by the bench).
 */
export const load = (
  title: string,
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; method?: string; body?: string },
): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const args = [join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'), '--json', '-c', String(options.connections), '-d', String(options.seconds), '-t', '30'];
    for (const [key, value] of Object.entries(options.headers ?? {})) args.push('-H', `${key}=${value}`);
    if (options.method) args.push('-m', options.method);
    if (options.body !== undefined) args.push('-H', 'Content-Type=application/json', '-b', options.body);
    args.push(url);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`${title}: autocannon exited ${code}: ${err}`));
      const result = JSON.parse(out) as { non2xx: number; errors: number; timeouts: number; requests: { average: number; total: number }; latency: { p50: number; p99: number } };
      const row = { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts ?? 0, total: result.requests.total };
      // A request still unanswered after 30 s (a starved machine) is reported, not a failure; a wrong answer or a broken connection is.
      if (row.non2xx > 0 || row.errors > row.timeouts) return reject(new Error(`${title}: ${row.non2xx} non-2xx answers, ${row.errors - row.timeouts} errors`));
      resolve(row);
    });
  });

/** A TypeScript entry point as its own process; resolves once it printed `ready` (a regular expression with one port group). */
export const startProcess = (entry: string, env: Record<string, string>, ready: RegExp, nodeArgs: string[] = []) =>
  new Promise<{ port: number; pid: number; stop: () => Promise<void> }>((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(ROOT, entry)], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) {
        child.stdout!.off('data', read);
        resolve({
          port: Number(match[1]),
          pid: child.pid!,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
            await exited;
            clearTimeout(timer);
          },
        });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk) => process.stderr.write(chunk));
    void exited.then(() => reject(new Error(`${entry} exited before it was ready: ${output}`)));
  });

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux). On a shared machine a
 * server's CPU milliseconds per request are a steadier figure than its requests per second.
 */
export const cpuMs = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
};
