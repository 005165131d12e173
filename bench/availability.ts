/**
 * bench/availability: GET /calendar-availability for a 30-day window over 20 staff (weekday hours,
 * some busy events) answering 1,000 slots, through the full api (auth, engine, data loading, JSON),
 * 100 calls one after another; beside the pure computation alone (computeAvailability) on the same
 * inputs, in the same run. Prints median and p99 of each. Goal: under 50 ms for the whole call.
 *
 * Run: npm run bench:availability   (uses DATABASE_URL, else the local server, else embedded PostgreSQL)
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import express from 'express';
import { Session } from '@tellescope/sdk';
import { dropDatabase, openDataSource } from '@carelane/db';
import { createApp, loadApiConfig, stopApp } from '@carelane/api';
import { computeAvailability } from '@carelane/api/calendar/availability';
import { availabilityData } from '@carelane/api/actions/calendar/booking-context';
import { createTenant } from '../test/support/tenant';
import { providePostgres, scratchDatabaseUrl } from '../scripts/services/postgres';

const CALLS = 100;
const STAFF = 20;
const DAY = 86_400_000;
const WINDOW = 30 * DAY;

const listen = (app: express.Express) =>
  new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((done) => { server.close(() => done()); server.closeIdleConnections(); }) });
    });
  });

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: at(0.5), p99: at(0.99) };
};

const main = async () => {
  const postgres = await providePostgres();
  const url = await scratchDatabaseUrl(postgres, 'carelane_bench_availability');
  const dataSource = await openDataSource(url, { poolSize: 10 });
  let built: ReturnType<typeof createApp> | undefined;
  try {
    const config = loadApiConfig({ DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), NODE_ENV: 'production' });
    built = createApp(config, dataSource);
    const api = await listen(built.app);
    const tenant = await createTenant(dataSource);
    const sdk = new Session({ host: api.url });
    await sdk.authenticate(tenant.adminEmail, tenant.adminPassword);

    // 20 staff, weekdays 08:00-17:00 in alternating zones; the Admin offers nothing.
    const from = Date.UTC(2030, 0, 7);
    const users = [];
    for (let i = 0; i < STAFF; i++) {
      const user = await sdk.api.users.createOne({ email: `bench-staff-${i}@example.com`, fname: `Staff${i}`, roles: ['Non-Admin'] } as never);
      const weeklyAvailabilities = [1, 2, 3, 4, 5].map((day) => ({ dayOfWeekStartingSundayIndexedByZero: day, startTimeInMinutes: 480, endTimeInMinutes: 1020, active: true }));
      await sdk.api.users.updateOne(user.id, { timezone: i % 2 ? 'America/New_York' : 'Europe/Berlin', weeklyAvailabilities } as never);
      users.push(user);
    }
    // Ten busy events per staff member spread over the window.
    const events = users.flatMap((user, i) =>
      Array.from({ length: 10 }, (_, j) => ({ title: 'Busy', startTimeInMS: from + j * 3 * DAY + (9 + (i % 5)) * 3_600_000, durationInMinutes: 60, attendees: [{ type: 'user', id: user.id }] })),
    );
    for (let i = 0; i < events.length; i += 100) await sdk.api.calendar_events.createSome(events.slice(i, i + 100) as never);
    const template = await sdk.api.calendar_event_templates.createOne({ title: 'Bench visit', durationInMinutes: 30, enableSelfScheduling: true } as never);

    const query = new URLSearchParams({ calendarEventTemplateId: template.id, from: new Date(from).toISOString(), to: new Date(from + WINDOW).toISOString(), limit: '1000' });
    const headers = { Authorization: `Bearer ${sdk.authToken}` };
    const call = async () => {
      const response = await fetch(`${api.url}/v1/calendar-availability?${query}`, { headers });
      const body = (await response.json()) as { availabilityBlocks: unknown[] };
      if (!response.ok || body.availabilityBlocks.length !== 1000) throw new Error(`unexpected answer ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
    };
    for (let i = 0; i < 5; i++) await call(); // warm-up
    const full: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await call();
      full.push(performance.now() - started);
    }

    // The pure computation alone, on the inputs the call loads.
    const window = { from, to: from + WINDOW };
    const base = { durationInMinutes: 30 };
    const data = await availabilityData(dataSource.manager, tenant.businessId, window, base);
    const pure: number[] = [];
    for (let i = 0; i < 5 + CALLS; i++) {
      const started = performance.now();
      const slots = computeAvailability({ ...base, ...data, ...window, limit: 1000 });
      if (slots.length !== 1000) throw new Error(`pure computation answered ${slots.length} slots`);
      if (i >= 5) pure.push(performance.now() - started);
    }

    const f = stats(full);
    const p = stats(pure);
    console.log(`\nbench/availability: ${STAFF} staff, 30-day window, ${events.length} busy events, 1,000 slots, ${CALLS} calls each`);
    console.log(`  GET /calendar-availability (full call)   median ${f.median.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms`);
    console.log(`  computeAvailability (pure, same inputs)  median ${p.median.toFixed(1).padStart(6)} ms   p99 ${p.p99.toFixed(1).padStart(6)} ms`);
    console.log(`  goal: whole call under 50 ms -> ${f.median < 50 ? 'met' : 'NOT met'} (median)`);
    await api.close();
  } finally {
    // The app's outbox relay and LISTEN connections stop before the pool closes: the LISTEN connection
    // it holds kept the pool (and so this process) open, with the relay polling the ended pool.
    if (built) await stopApp(built);
    await dataSource.destroy();
    await dropDatabase(url).catch(() => {});
    await postgres.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
