import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const WEB = join(ROOT, 'web');
const BUILD = join(WEB, 'build');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface PortalOptions {
  /** Base URL of the API, e.g. startApi().host. */
  apiUrl: string;
  /** The organization the portal shows on 127.0.0.1 (PORTAL_DEFAULT_SUBDOMAIN). */
  defaultSubdomain: string;
  /** PORTAL_DOMAIN, to reach organizations as `<sub>.<portalDomain>`. */
  portalDomain?: string;
  /** More environment for the portal. */
  env?: Record<string, string>;
  /** Another build of the portal than web/build (bench/portal's, which mounts its baseline pages). */
  buildDirectory?: string;
  /** Node options for the portal's server (a bench's --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

export interface RunningPortal {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The built portal and staff app (web/build, built by the test runner) served by web/serve/main.js in production mode
 * on a free port of 127.0.0.1, talking to the given API. Resolves once it answers HTTP.
 */
export const startPortal = async (options: PortalOptions): Promise<RunningPortal> => {
  const serverBuild = join(options.buildDirectory ?? process.env.PORTAL_BUILD_DIRECTORY ?? BUILD, 'server', 'index.js');
  if (!existsSync(serverBuild)) throw new Error(`${serverBuild} is missing: build the portal first (npm run build -w web)`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // web/serve/main.js as npm start runs it (scripts/services/platform.ts).
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(WEB, 'serve', 'main.js'), serverBuild], {
    cwd: WEB,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      API_URL: options.apiUrl,
      PORTAL_DEFAULT_SUBDOMAIN: options.defaultSubdomain,
      ...(options.portalDomain ? { PORTAL_DOMAIN: options.portalDomain } : {}),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  // The favicon is a static file: it proves the server is up without calling the API.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!running) throw new Error(`The portal exited while starting:\n${output}`);
    try {
      const response = await fetch(`${url}/favicon.svg`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The portal did not answer within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await sleep(100);
  }

  return { url, output: () => output, stop };
};
