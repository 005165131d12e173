/**
 * bench/scale (issue 37): a clinic network of up to 1,000,000 patients in one business across 20
 * clinics, generated in a scratch database by PostgreSQL itself (bench/scale/generate.ts) and grown
 * in steps (10,000, 100,000, 1,000,000 patients, every other table in proportion). At each step the
 * screens are measured through the api running as its own process exactly as `npm start` runs it
 * (NODE_ENV=production), with the calls their loaders make (bench/scale/screens.ts), and the portal's
 * Home through the built portal (web/serve/main.js) against that api. At the last step the CSV import of
 * 10,000 patients and their bulk add to a journey (beside 10,000 one-activity workflows on the same
 * Temporal server and worker) are timed. Prints the cost curve; each line ends with its goal and
 * `met` or `NOT met`, judged at the largest step measured. The database is dropped at the end.
 *
 * Run: npm run bench:scale   (DATABASE_URL's server, else the local one, else embedded PostgreSQL;
 *      TEMPORAL_ADDRESS, else a dev server on 7233, started if none runs; Redis as bench:crud.
 *      BENCH_SCALE_MAX=100000 stops after that step; BENCH_SCALE_STEPS=10000,50000 sets the steps;
 *      BENCH_SCALE_RUNS (default 30) requests per read figure; BENCH_SCALE_IMPORT (default 10000)
 *      patients imported, BENCH_SCALE_BULK (default 10000) of them bulk added; BENCH_SCALE_SKIP=portal,import,bulk (or list, search, record, inbox, calendar, analytics) leaves those out;
 *      BENCH_SCALE_KEEP=1 keeps the database; BENCH_SCALE_PROFILE=<directory> writes the api's and the portal's CPU profiles there.)
 */
import { randomBytes } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { Session } from '@tellescope/sdk';
import { Client, Connection } from '@temporalio/client';
import { hashSecret, newId } from '@carelane/db';
import { createTenant } from '../test/support/tenant';
import { startPortal } from '../test/support/portal-server';
import { WORKER_POOL_SIZE } from '@carelane/workflows/worker-config';
import { startAutomationPlatform } from './support/automation-platform';
import { cpuMs, startProcess } from './support/processes';
import { runBench } from './support/run-bench';
import { generationStatements, installFunctions, writeRows, showcaseStatements, TAGS, type ScaleWorld } from './scale/generate';
import { analyticsByField, apiCaller, calendarWeek, inboxMine, patientListPage, patientRecord, patientSearch } from './scale/screens';
import { bulkAdd, csvImport, oneActivityWorkflows } from './scale/throughput';
import { printCurve, type Figure } from './scale/report';
import { BARE_LIST_SQL } from './scale/bare-list';

const MAX = Number(process.env.BENCH_SCALE_MAX ?? 1_000_000);
const STEPS = (process.env.BENCH_SCALE_STEPS ?? '10000,100000,1000000').split(',').map(Number).filter((n) => n > 0 && n <= MAX);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 30);
const WARMUP = 5;
const IMPORT = Number(process.env.BENCH_SCALE_IMPORT ?? 10_000);
const BULK = Math.min(IMPORT, Number(process.env.BENCH_SCALE_BULK ?? 10_000));
const SKIP = new Set((process.env.BENCH_SCALE_SKIP ?? '').split(',').filter(Boolean));
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(`[${elapsed()}] ${line}`);

/** Sequential runs after a warm-up: one clinic user's page loads. Answers sorted milliseconds. */
/** Starts a CPU count of the servers (set once they run); the function it answers gives the milliseconds used since. */
let serverCpu: (() => Promise<() => Promise<number>>) | undefined;
/** `before`, when given, runs ahead of each run, untimed (its server CPU is counted). */
const sample = async (runs: number, once: (index: number) => Promise<unknown>, cpu = serverCpu, before?: (index: number) => Promise<unknown>) => {
  for (let index = 0; index < Math.min(WARMUP, runs); index++) await once(index + 1000);
  const times: number[] = [];
  const cpuSince = await cpu?.();
  for (let index = 0; index < runs; index++) {
    await before?.(index);
    const began = performance.now();
    await once(index);
    times.push(performance.now() - began);
  }
  const cpuPerRun = cpuSince ? (await cpuSince()) / runs : NaN;
  return Object.assign(times.sort((a, b) => a - b), { cpuPerRun });
};
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The portal built into a scratch directory, as bench/portal.ts builds it (in the background while data is generated). */
const buildPortal = () => {
  const cache = join(__dirname, '..', 'web', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const directory = mkdtempSync(join(cache, 'carelane-bench-scale-portal-'));
  const done = new Promise<string>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', 'web'], { cwd: join(__dirname, '..'), env: { ...process.env, PORTAL_BUILD_DIRECTORY: directory }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(directory) : reject(new Error(`Building the portal failed:\n${output}`))));
  });
  return { directory, done };
};

const main = async () => {
  const now = Date.now();
  const portalBuild = SKIP.has('portal') ? undefined : buildPortal();
  const platform = await startAutomationPlatform('scale', {
    // The worker's pool as npm start gives it (10 activities at once).
    poolSize: WORKER_POOL_SIZE,
    env: process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {},
    keepDatabase: !!process.env.BENCH_SCALE_KEEP,
    apiNodeArgs: process.env.BENCH_SCALE_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SCALE_PROFILE] : [],
  });
  const { postgres, temporal, taskQueue, dataSource, url, host } = platform;
  const bare = new Pool({ connectionString: url, max: 2 });
  // On a machine shared with other work, wall time swings with the load; CPU per screen (api process
  // plus every PostgreSQL backend of the scratch database, from /proc) measures the work itself.
  const database = new URL(url).pathname.slice(1);
  const processes = async () => {
    const { rows } = await bare.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return new Map([platform.apiPid, ...(rows as { pid: number }[]).map((row) => row.pid)].map((pid) => [pid, cpuMs(pid)]));
  };
  // Per process: a backend that started meanwhile counts from zero; one that ended meanwhile is lost (an undercount).
  serverCpu = async () => {
    const before = await processes();
    return async () => [...(await processes())].reduce((sum, [pid, ms]) => sum + (Number.isFinite(ms) ? ms - (before.get(pid) ?? 0) : 0), 0);
  };
  // The throughput figures' CPU by part, to see which one a journey run costs more of than the baseline.
  // (NaN, and counted as such, when TEMPORAL_ADDRESS names a server elsewhere.)
  const temporalPid = (() => {
    try {
      return Number(execFileSync('pgrep', ['-o', '-f', 'temporal server start-dev'], { encoding: 'utf8' }).trim());
    } catch {
      return NaN;
    }
  })();
  const cpuByPart = async () => {
    const backends = async () => new Map([...(await processes())].filter(([pid]) => pid !== platform.apiPid));
    const read = async () => ({ api: cpuMs(platform.apiPid), worker: cpuMs(process.pid), temporal: cpuMs(temporalPid), postgres: await backends() });
    const before = await read();
    return async () => {
      const after = await read();
      const postgres = [...after.postgres].reduce((sum, [pid, ms]) => sum + (Number.isFinite(ms) ? ms - (before.postgres.get(pid) ?? 0) : 0), 0);
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      return `CPU: api ${seconds(after.api - before.api)}, bench and worker ${seconds(after.worker - before.worker)}, Temporal ${seconds(after.temporal - before.temporal)}, PostgreSQL ${seconds(postgres)}`;
    };
  };
  const call = apiCaller(host);
  let stopPortal: (() => Promise<void>) | undefined;
  let bareRoute: Awaited<ReturnType<typeof startProcess>> | undefined;
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const figures: Figure[] = [];
  const record = (key: string, label: string, goal: string, step: number, value: number, unit: 'ms' | 's' | 'x', verdict: boolean, note = '', cpu = NaN) => {
    if (Number.isFinite(cpu)) note = `${note ? `${note}; ` : ''}server CPU ${cpu.toFixed(1)} ms per screen (api + PostgreSQL)`;
    let figure = figures.find((f) => f.key === key);
    if (!figure) figures.push((figure = { key, label, goal, values: [] }));
    figure.values.push({ step, value, unit, met: verdict, note, cpu });
    log(`  ${label} at ${step.toLocaleString('en-US')}: ${value.toFixed(unit === 'ms' ? 1 : 2)} ${unit}${note ? ` (${note})` : ''}  goal ${goal}: ${verdict ? 'met' : 'NOT met'}`);
  };
  try {
    // The world the generated rows point at: the business, 20 clinics, 100 staff, journeys, steps and forms.
    const tenant = await createTenant(dataSource);
    const admin = new Session({ host });
    await admin.authenticate(tenant.adminEmail, tenant.adminPassword);
    const token = admin.authToken;
    const adminId = admin.userInfo.id;
    const organizationIds: string[] = [];
    for (let n = 0; n < 20; n++) {
      const created = (await admin.api.organizations.create_suborganization({ name: `Clinic ${n + 1}`, subdomain: `scale-${randomBytes(4).toString('hex')}-${n}` })) as unknown as { created: { id: string } };
      organizationIds.push(created.created.id);
    }
    // Staff are written directly (as the identity tests place a member in a clinic): five per clinic, each an Admin of it.
    const staffPassword = `Staff-${randomBytes(4).toString('hex')}-pass`;
    const hashed = await hashSecret(staffPassword);
    const staffIds = Array.from({ length: 100 }, () => newId());
    const staffEmail = (n: number) => `staff${n}-${tenant.subdomain}@example.test`;
    await dataSource.query(
      `INSERT INTO users (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, email, fname, lname, roles, "verifiedEmail", "sessionVersion", "hashedPassword", timezone)
       SELECT ids[n], $2, jsonb_build_array(orgs[1 + (n - 1) % 20]), '[]'::jsonb, $3, 'staff' || (n - 1) || '-' || $4 || '@example.test', 'Staff', 'Member ' || n, '["Admin"]'::jsonb, true, 0, $5, 'America/New_York'
       FROM unnest($1::text[]) WITH ORDINALITY AS s(id, n), (SELECT $1::text[] AS ids, $6::text[] AS orgs) AS a`,
      [staffIds, tenant.businessId, adminId, tenant.subdomain, hashed, organizationIds],
    );
    const nurse = new Session({ host });
    await nurse.authenticate(staffEmail(0), staffPassword);
    const journeyIds: string[] = [];
    for (const title of ['Diabetes care', 'New patient onboarding', 'Annual check-up']) journeyIds.push((await admin.api.journeys.createOne({ title })).id);
    const stepIds: string[] = [];
    for (let k = 0; k < 5; k++) {
      const step = await admin.api.automation_steps.createOne({ journeyId: journeyIds[k % 3]!, events: [{ type: 'onJourneyStart', info: {} }], action: { type: 'setEnduserStatus', info: { status: 'Contacted' } } } as never);
      stepIds.push(step.id);
    }
    const formIds: string[] = [];
    for (let k = 0; k < 5; k++) formIds.push((await admin.api.forms.createOne({ title: `Intake ${k + 1}` })).id);
    const world: ScaleWorld = { businessId: tenant.businessId, adminId, organizationIds, staffIds, journeyIds, stepIds, formIds };
    await installFunctions(dataSource, now);
    // The bare list query behind a bare Express route (no token, no validation, no engine): what
    // HTTP alone adds to it, printed beside the list so the api's own share can be read off.
    if (!SKIP.has('list')) bareRoute = await startProcess(join('bench', 'support', 'bare-server.ts'), { DATABASE_URL: url, BUSINESS_ID: tenant.businessId }, /bare: listening on (\d+)/);

    let have = 0;
    const weekStart = (() => {
      const day = new Date(now);
      day.setUTCHours(0, 0, 0, 0);
      return day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000;
    })();
    for (const [stepIndex, step] of STEPS.entries()) {
      // 1. Grow the data set to `step` patients (two tables at a time: one statement per core).
      log(`generating patients ${(have + 1).toLocaleString('en-US')} to ${step.toLocaleString('en-US')}`);
      const statements = generationStatements(world, have, step, now);
      const queue = [...statements];
      await Promise.all(
        [0, 1].map(async () => {
          for (let statement = queue.shift(); statement; statement = queue.shift()) {
            const began = Date.now();
            const rebuilt = await writeRows(dataSource, statement, have);
            log(`  ${statement.table}: ${statement.rows.toLocaleString('en-US')} rows in ${((Date.now() - began) / 1000).toFixed(1)} s${rebuilt ? ` (${rebuilt} indexes rebuilt)` : ''}`);
          }
        }),
      );
      if (have === 0) for (const sql of showcaseStatements(world, now)) await dataSource.query(sql);
      const analyzed = Date.now();
      // As autovacuum would leave a settled table: statistics for the planner and the visibility map for index-only scans.
      // The tables triggers keep beside them too (the calendar's staff attendance, db/src/internal/calendar-staff-attendance.ts).
      const kept = statements.some(({ table }) => table === 'calendar_events') ? ['calendar_staff_attendance'] : [];
      for (const table of [...statements.map((statement) => statement.table), ...kept]) await dataSource.query(`VACUUM (ANALYZE) ${table}`);
      log(`  VACUUM (ANALYZE) in ${((Date.now() - analyzed) / 1000).toFixed(1)} s`);
      have = step;

      // 2. The reads, each through the api as the staff app asks.
      log(`measuring at ${step.toLocaleString('en-US')} patients (load average ${loadavg()[0]!.toFixed(1)})`);
      if (!SKIP.has('list')) {
        const listTags = TAGS.slice(0, 5);
        const listTimes = await sample(RUNS, (n) => patientListPage(call, token, listTags[n % listTags.length]!));
        const bareSql = BARE_LIST_SQL;
        const bareTimes = await sample(RUNS, (n) => bare.query(bareSql, [tenant.businessId, JSON.stringify([listTags[n % listTags.length]])]));
        const apiRows = await patientListPage(call, token, listTags[0]!);
        const bareRows = (await bare.query(bareSql, [tenant.businessId, JSON.stringify([listTags[0]])])).rows as { _id: string }[];
        const same = apiRows.map((row) => row.id).join() === bareRows.map((row) => row._id).join();
        const plan = ((await bare.query(`EXPLAIN ${bareSql}`, [tenant.businessId, JSON.stringify([listTags[0]])])).rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join(' ');
        const bareScan = /Seq Scan/.test(plan) ? 'bare plan: Seq Scan' : /Bitmap/.test(plan) ? 'bare plan: bitmap index' : 'bare plan: index scan';
        // Fetched and parsed as the api's answers are (screens.ts apiCaller).
        const bareRouteTimes = await sample(RUNS, async (n) => JSON.parse(await (await fetch(`http://127.0.0.1:${bareRoute!.port}/endusers-by-tag?tag=${encodeURIComponent(listTags[n % listTags.length]!)}`)).text()) as unknown);
        const listP50 = pct(listTimes, 50);
        const ratio = listP50 / pct(bareTimes, 50);
        const routeP50 = pct(bareRouteTimes, 50);
        record('list', 'patient list, 50 by tag, by last activity (p50)', '< 20 ms and <= 2x bare SQL', step, listP50, 'ms', listP50 < 20 && ratio <= 2, `bare SQL p50 ${pct(bareTimes, 50).toFixed(1)} ms, ${ratio.toFixed(1)}x; the bare SQL behind a bare Express route ${routeP50.toFixed(1)} ms, ${(routeP50 / pct(bareTimes, 50)).toFixed(1)}x; ${bareScan}${same ? '' : '; ROWS DIFFER from the api'}`, listTimes.cpuPerRun);
        // The same list when one of the business's patients changed just before each read (untimed):
        // the api keeps a page only until a patient changes (api/src/actions/lists/list-page-cache.ts),
        // so this is what staff wait for while the clinic is busy: the page read from PostgreSQL again.
        const changedTimes = await sample(
          RUNS,
          (n) => patientListPage(call, token, listTags[n % listTags.length]!),
          serverCpu,
          // raw SQL: the bench touches one patient, as any write of a patient would.
          (n) => bare.query(`UPDATE endusers SET "updatedAt" = now() WHERE _id = $1`, [apiRows[n % apiRows.length]!.id]),
        );
        const changedP50 = pct(changedTimes, 50);
        record('list-changed', 'the same list, a patient changed before each read (p50)', '< 20 ms', step, changedP50, 'ms', changedP50 < 20, `${(changedP50 / pct(bareTimes, 50)).toFixed(1)}x bare SQL`, changedTimes.cpuPerRun);
      }

      if (!SKIP.has('search')) {
        const searches = ['Mar', 'patient12', '+1555200', 'Gonz', 'jennifer', '+155520012'];
        const searchTimes = await sample(RUNS, (n) => patientSearch(call, token, searches[n % searches.length]!));
        record('search', 'search by name, email or phone prefix (p50)', '< 50 ms', step, pct(searchTimes, 50), 'ms', pct(searchTimes, 50) < 50, `p90 ${pct(searchTimes, 90).toFixed(1)} ms`, searchTimes.cpuPerRun);
      }

      if (!SKIP.has('record')) {
        const patientIds = ((await dataSource.query(`SELECT bench_eid(1 + (n * 7919) % $1) AS id FROM generate_series(0, 49) AS n`, [step])) as { id: string }[]).map((row) => row.id);
        let pending = 0;
        const recordTimes = await sample(RUNS, async (n) => (pending += await patientRecord(call, token, patientIds[n % patientIds.length]!)));
        record('record', "a patient's record: profile, timeline, pending steps (p50)", '< 50 ms', step, pct(recordTimes, 50), 'ms', pct(recordTimes, 50) < 50, `p90 ${pct(recordTimes, 90).toFixed(1)} ms, 6 calls in 2 rounds`, recordTimes.cpuPerRun);
      }

      if (!SKIP.has('inbox')) {
        let conversations = 0;
        const inboxTimes = await sample(RUNS, async () => (conversations = await inboxMine(call, nurse.authToken)));
        record('inbox', 'inbox: mine, unread counts, a page (p50)', '< 30 ms', step, pct(inboxTimes, 50), 'ms', pct(inboxTimes, 50) < 30, `${conversations} conversations on the page`, inboxTimes.cpuPerRun);
      }

      if (!SKIP.has('calendar')) {
        let events = 0;
        let more = false;
        let patients = 0;
        const calendarTimes = await sample(RUNS, async (n) => {
          const week = await calendarWeek(call, token, staffIds.slice(0, 20), weekStart - (n % 4) * 7 * 86_400_000);
          events = week.events;
          more = week.more;
          patients = week.patients;
        });
        record('calendar', 'calendar week for 20 staff (p50)', '< 50 ms', step, pct(calendarTimes, 50), 'ms', pct(calendarTimes, 50) < 50, `${events} appointments${more ? ' (the first part of the week; more follow)' : ''}; ${patients} patients named`, calendarTimes.cpuPerRun);
      }

      if (!SKIP.has('analytics')) {
        const analyticsTimes = await sample(Math.max(3, Math.ceil(RUNS / 6)), () => analyticsByField(call, token, 'plan'));
        record('analytics', 'analytics: every patient counted by a field (p50)', '< 500 ms', step, pct(analyticsTimes, 50), 'ms', pct(analyticsTimes, 50) < 500, '', analyticsTimes.cpuPerRun);
      }

      if (portalBuild) {
        if (!stopPortal) {
          log('  waiting for the portal build');
          const buildDirectory = await portalBuild.done;
          const profile = process.env.BENCH_SCALE_PROFILE;
          const portal = await startPortal({ apiUrl: host, defaultSubdomain: tenant.subdomain, buildDirectory, ...(profile ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profile] } : {}) });
          stopPortal = portal.stop;
          const [{ id: showcaseId }] = (await dataSource.query('SELECT bench_eid(1) AS id')) as { id: string }[];
          const { authToken } = await admin.api.endusers.generate_auth_token({ id: showcaseId });
          const signIn = await fetch(`${portal.url}/home?token=${encodeURIComponent(authToken)}`, { redirect: 'manual' });
          const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
          if (!cookie.startsWith('__carelane_portal=')) throw new Error(`Signing the portal's patient in failed: ${signIn.status}`);
          (portalBuild as { home?: () => Promise<void> }).home = async () => {
            const response = await fetch(`${portal.url}/home`, { headers: { Accept: 'text/html', Cookie: cookie }, redirect: 'manual' });
            await response.text();
            if (response.status !== 200) throw new Error(`the portal's Home answered ${response.status}`);
          };
        }
        const homeTimes = await sample(RUNS, () => (portalBuild as unknown as { home: () => Promise<void> }).home());
        record('home', "portal Home, 500 events and 2,000 chats: server render (p50)", '< 50 ms', step, pct(homeTimes, 50), 'ms', pct(homeTimes, 50) < 50, `p90 ${pct(homeTimes, 90).toFixed(1)} ms`, homeTimes.cpuPerRun);
      }

      // 3. Throughput, once, at the last step: the CSV import, then the bulk add of the imported patients.
      if (stepIndex === STEPS.length - 1) {
        const label = `import-${randomBytes(3).toString('hex')}`;
        if (!SKIP.has('import') || !SKIP.has('bulk')) {
          log(`  CSV import of ${IMPORT.toLocaleString('en-US')} patients`);
          const importCpu = await serverCpu!();
          const imported = await csvImport(call, token, IMPORT, label, BULK);
          const importMs = await importCpu();
          record('import', `CSV import of ${IMPORT.toLocaleString('en-US')} patients`, '< 60 s', step, imported.seconds, 's', imported.seconds < 60, `${imported.added} added; server CPU ${(importMs / 1000).toFixed(1)} s, ${(importMs / IMPORT).toFixed(2)} ms a row (api + PostgreSQL)`);
        }
        if (!SKIP.has('bulk')) {
          await dataSource.query('ANALYZE endusers');
          log(`  ${BULK.toLocaleString('en-US')} one-activity workflows (the baseline)`);
          const baselineCpu = await cpuByPart();
          const baseline = await oneActivityWorkflows(client, taskQueue, BULK);
          log(`    ${baseline.toFixed(1)} s; ${await baselineCpu()}`);
          const template = await admin.api.templates.createOne({ title: 'Welcome', subject: 'Welcome {{enduser.fname}}', message: 'Hello {{enduser.fname}}' });
          const journey = await admin.api.journeys.createOne({ title: 'Spring campaign' });
          const first = await admin.api.automation_steps.createOne({ journeyId: journey.id, events: [{ type: 'onJourneyStart', info: {} }], action: { type: 'sendEmail', info: { templateId: template.id, senderId: adminId } } } as never);
          log(`  bulk add of ${BULK.toLocaleString('en-US')} imported patients to a journey`);
          const bulkCpu = await cpuByPart();
          const added = await bulkAdd(call, token, dataSource, { businessId: tenant.businessId, journeyId: journey.id, stepId: first.id, q: `${label}-bulk`, expected: BULK });
          log(`    ${added.seconds.toFixed(1)} s; ${await bulkCpu()}`);
          const times = added.seconds / baseline;
          record('bulk', `bulk add of ${BULK.toLocaleString('en-US')} to a journey, until every first email`, '<= 2.0x one-activity workflows', step, times, 'x', times <= 2, `${added.seconds.toFixed(1)} s (search ${added.searchSeconds.toFixed(1)} s, adds answered ${added.addSeconds.toFixed(1)} s) against ${baseline.toFixed(1)} s`);
        }
      }
    }
    printCurve(figures, { steps: STEPS, runs: RUNS, seconds: (Date.now() - started) / 1000, load: loadavg(), postgres: postgres.source, temporal: temporal.source });
  } finally {
    await stopPortal?.();
    await connection.close();
    await bare.end();
    await bareRoute?.stop();
    await platform.stop();
    if (portalBuild) {
      await portalBuild.done.catch(() => undefined);
      rmSync(portalBuild.directory, { recursive: true, force: true });
    }
  }
};

runBench(main);
