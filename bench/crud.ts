/**
 * bench/crud: getOne by id, getSome of 500 and createOne of an enduser through the whole api
 * (token, revocation check, access, tenant scope, serialisation, change events) beside a bare express
 * route running the same query with node-postgres on the same database, in the same run, at 50
 * connections. The api runs as its own process exactly as `npm start` runs it (node --import tsx
 * api/src/main.ts, NODE_ENV=production, REDIS_URL when Redis answers), the bare route in another,
 * and autocannon in a third per measurement. Prints requests per second, p50, p99 and the ratio;
 * exits non-zero when an answer was not 2xx.
 *
 * Run: npm run bench:crud   (DATABASE_URL's server, else the local server, else embedded PostgreSQL;
 *      REDIS_URL, else redis://127.0.0.1:6379 when it answers; BENCH_SECONDS sets each measurement's
 *      length; BENCH_ONLY=getOne runs the scenarios whose name starts so; BENCH_PROFILE=<dir> runs
 *      the api with --cpu-prof and writes its profile there on exit)
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Session } from '@tellescope/sdk';
import { dropDatabase, openDataSource } from '@carelane/db';
import { createTenant } from '../test/support/tenant';
import { providePostgres, scratchDatabaseUrl } from '../scripts/services/postgres';
import { cpuMs, load, startProcess, type LoadResult } from './support/processes';
import { runBench } from './support/run-bench';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RECORDS = 500;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The Redis an `npm start` with REDIS_URL would use, when one answers (revocation and realtime then cross processes). */
const reachableRedis = async () => {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const probe = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, retryStrategy: () => null });
  const ok = await probe.connect().then(() => true, () => false);
  probe.disconnect();
  return ok ? url : undefined;
};

const main = async () => {
  const postgres = await providePostgres();
  const url = await scratchDatabaseUrl(postgres, 'carelane_bench');
  const dataSource = await openDataSource(url, { poolSize: 2 });
  const redisUrl = await reachableRedis();
  const apiPort = await freePort();
  const profileDir = process.env.BENCH_PROFILE;
  const api = await startProcess(
    join('api', 'src', 'main.ts'),
    {
      NODE_ENV: 'production',
      API_PORT: String(apiPort),
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      FILES_DIR: mkdtempSync(join(tmpdir(), 'carelane-bench-files-')),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
    /api: listening on http:\/\/localhost:(\d+)/,
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  let bare: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    const apiUrl = `http://127.0.0.1:${api.port}`;
    const tenant = await createTenant(dataSource);
    const sdk = new Session({ host: apiUrl });
    await sdk.authenticate(tenant.adminEmail, tenant.adminPassword);
    const created = [];
    for (let i = 0; i < RECORDS; i += 100) {
      const batch = Array.from({ length: 100 }, (_, j) => ({ fname: `Bench${i + j}`, email: `bench${i + j}@example.com`, tags: ['bench'], fields: { index: String(i + j) } }));
      created.push(...(await sdk.api.endusers.createSome(batch)).created);
    }
    const id = created[RECORDS / 2].id;
    bare = await startProcess(join('bench', 'support', 'bare-server.ts'), { DATABASE_URL: url, BUSINESS_ID: tenant.businessId }, /bare: listening on (\d+)/);
    const bareUrl = `http://127.0.0.1:${bare.port}`;
    const auth = { Authorization: `Bearer ${sdk.authToken}` };
    const body = JSON.stringify({ fname: 'Created' });

    // The goals of issue 20: the api's share of the bare route's requests per second, and for getOne its p99 at 50 connections.
    const scenarios: { name: string; api: [string, string?, string?]; bare: [string, string?, string?]; goal: { ratio: number; p99Ms?: number } }[] = [
      { name: 'getOne by id', api: [`/v1/enduser/${id}`], bare: [`/enduser/${id}`], goal: { ratio: 0.6, p99Ms: 40 } },
      { name: 'getSome of 500', api: ['/v1/endusers?limit=500'], bare: ['/endusers'], goal: { ratio: 1 } },
      { name: 'createOne enduser', api: ['/v1/enduser', 'POST', body], bare: ['/enduser', 'POST', body], goal: { ratio: 0.4 } },
    ];
    type Measured = LoadResult & { cpuPerRequest: number };
    /** One autocannon run against a server process, with that process's CPU milliseconds per request. */
    const measure = async (pid: number, ...args: Parameters<typeof load>): Promise<Measured> => {
      const before = cpuMs(pid);
      const result = await load(...args);
      return { ...result, cpuPerRequest: (cpuMs(pid) - before) / result.total };
    };
    const rows: { name: string; full: Measured; raw: Measured; goal: (typeof scenarios)[number]['goal'] }[] = [];
    for (const scenario of scenarios) {
      if (process.env.BENCH_ONLY && !scenario.name.startsWith(process.env.BENCH_ONLY)) continue;
      const [apiPath, method, payload] = scenario.api;
      const [barePath, bareMethod, barePayload] = scenario.bare;
      const full = await measure(api.pid, `${scenario.name} (api)`, apiUrl + apiPath, { connections: CONNECTIONS, seconds: SECONDS, headers: auth, method, body: payload });
      const raw = await measure(bare.pid, `${scenario.name} (bare express + pg)`, bareUrl + barePath, { connections: CONNECTIONS, seconds: SECONDS, method: bareMethod, body: barePayload });
      rows.push({ name: scenario.name, full, raw, goal: scenario.goal });
    }
    console.log(`\nbench/crud: ${CONNECTIONS} connections, ${SECONDS}s each, ${RECORDS} endusers; api, bare route and autocannon each in their own process; Redis ${redisUrl ?? 'none'}; load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
    for (const { name, full, raw, goal } of rows) {
      console.log(name);
      for (const r of [full, raw]) {
        console.log(`  ${r.title.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ${r.cpuPerRequest.toFixed(2)} CPU ms/request${r.timeouts ? `   ${r.timeouts} timed out` : ''}`);
      }
      console.log(`  api / bare throughput ratio: ${(full.rps / raw.rps).toFixed(2)}   (bare / api CPU per request: ${(raw.cpuPerRequest / full.cpuPerRequest).toFixed(2)})`);
      const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
      const p99 = goal.p99Ms === undefined ? '' : `; api p99 ${full.p99} ms at ${CONNECTIONS} connections, goal < ${goal.p99Ms} ms: ${verdict(full.p99 < goal.p99Ms)}`;
      console.log(`  goal: ratio >= ${goal.ratio.toFixed(2)}: ${verdict(full.rps / raw.rps >= goal.ratio)}${p99}`);
    }
  } finally {
    await bare?.stop();
    await api.stop();
    await dataSource.destroy();
    await dropDatabase(url).catch(() => {});
    await postgres.stop();
  }
};

runBench(main);
