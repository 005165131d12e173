/**
 * bench/crud: getOne by id and getSome of 500 through the full api (auth, engine, TypeORM,
 * serialisation) beside a bare express route running the same query with node-postgres on the same
 * database, in the same run, at 50 connections. Prints requests per second, p50, p99 and the ratio.
 *
 * Run: npm run bench:crud   (uses DATABASE_URL, else the local server, else embedded PostgreSQL;
 *      BENCH_SECONDS sets each measurement's length, BENCH_ONLY=getOne runs one scenario)
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import express from 'express';
import { Pool } from 'pg';
import { Session } from '@tellescope/sdk';
import { dropDatabase, openDataSource } from '@carelane/db';
import { createApp, loadApiConfig } from '@carelane/api';
import { createTenant } from '../test/support/tenant';
import { providePostgres, scratchDatabaseUrl } from '../scripts/services/postgres';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RECORDS = 500;

const listen = (app: express.Express) =>
  new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const close = () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeIdleConnections();
        });
      resolve({ url: `http://127.0.0.1:${port}`, close });
    });
  });

const measure = async (title: string, url: string, headers: Record<string, string>) => {
  const result = await autocannon({ title, url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
};

const main = async () => {
  const postgres = await providePostgres();
  const url = await scratchDatabaseUrl(postgres, 'carelane_bench');
  const dataSource = await openDataSource(url, { poolSize: 20 });
  const pool = new Pool({ connectionString: url, max: 20 });
  try {
    const config = loadApiConfig({ DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), NODE_ENV: 'production' });
    const api = await listen(createApp(config, dataSource).app);
    const tenant = await createTenant(dataSource);
    const sdk = new Session({ host: api.url });
    await sdk.authenticate(tenant.adminEmail, tenant.adminPassword);
    const created = [];
    for (let i = 0; i < RECORDS; i += 100) {
      const batch = Array.from({ length: 100 }, (_, j) => ({ fname: `Bench${i + j}`, email: `bench${i + j}@example.com`, tags: ['bench'], fields: { index: String(i + j) } }));
      created.push(...(await sdk.api.endusers.createSome(batch)).created);
    }
    const id = created[RECORDS / 2].id;

    // The bare baseline: the same two queries (scoped to the business, newest first) with node-postgres.
    const bare = express();
    bare.get('/enduser/:id', async (req, res) => {
      const { rows } = await pool.query('SELECT * FROM endusers WHERE "businessId" = $1 AND _id = $2', [tenant.businessId, req.params.id]);
      res.json(rows[0]);
    });
    bare.get('/endusers', async (_req, res) => {
      const { rows } = await pool.query('SELECT * FROM endusers WHERE "businessId" = $1 ORDER BY _id DESC LIMIT 500', [tenant.businessId]);
      res.json(rows);
    });
    const baseline = await listen(bare);
    const auth = { Authorization: `Bearer ${sdk.authToken}` };

    const rows = [];
    for (const [name, apiPath, barePath] of [
      ['getOne by id', `/v1/enduser/${id}`, `/enduser/${id}`],
      ['getSome of 500', '/v1/endusers?limit=500', '/endusers'],
    ]) {
      // BENCH_ONLY=getOne measures one scenario (for profiling one path with --cpu-prof).
      if (process.env.BENCH_ONLY && !name.startsWith(process.env.BENCH_ONLY)) continue;
      const full = await measure(`${name} (api)`, api.url + apiPath, auth);
      const raw = await measure(`${name} (bare express + pg)`, baseline.url + barePath, {});
      rows.push({ name, full, raw });
    }
    console.log(`\nbench/crud: ${CONNECTIONS} connections, ${DURATION_SECONDS}s each, ${RECORDS} endusers`);
    for (const { name, full, raw } of rows) {
      console.log(`${name}`);
      for (const r of [full, raw]) console.log(`  ${r.title.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`);
      console.log(`  api / bare throughput ratio: ${(full.rps / raw.rps).toFixed(2)}`);
    }
    await api.close();
    await baseline.close();
  } finally {
    await pool.end();
    await dataSource.destroy();
    await dropDatabase(url).catch(() => {});
    await postgres.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
