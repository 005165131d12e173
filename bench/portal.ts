/**
 * bench/portal: server render time and shipped JavaScript of the portal's Landing and Home (issue
 * 13: under 50 ms at the median, under 150 KB of gzipped JavaScript), each beside the same page
 * rendered with fixed data and no API call of its own (/bench-baseline/*), measured in the same run
 * against the built portal (web/serve/main.js, production) and the real api. The baseline pages are no
 * production route: the bench builds the portal into a scratch directory of its own with
 * PORTAL_BENCH_BUILD_DIRECTORY set, which mounts them (web/vite.config.ts), and serves that build.
 *
 * Run: npm run bench:portal   (BENCH_PORTAL_FILES=1 also prints each JavaScript file a page loads, with its size)
 *      (uses DATABASE_URL, else the local server, else embedded PostgreSQL; BENCH_REQUESTS sets
 *      the requests per page, default 200; BENCH_PROFILE=<dir> writes the portal server's CPU profile there;
 *      BENCH_PORTAL_HTML=<dir> writes each page's document there)
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from '@tellescope/sdk';
import { dropDatabase, openDataSource } from '@carelane/db';
import { createApp, loadApiConfig, stopApp } from '@carelane/api';
import { createTenant } from '../test/support/tenant';
import { startPortal } from '../test/support/portal-server';
import { providePostgres, scratchDatabaseUrl } from '../scripts/services/postgres';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const MEDIAN_LIMIT_MS = 50;
const JS_LIMIT_BYTES = 150 * 1024;

/**
 * The portal as production builds it, plus the baseline pages, in a scratch directory. It sits under
 * web/node_modules/.cache because the server build imports react and the rest as packages, which
 * Node looks for in the node_modules folders above the build.
 */
const buildWithBaselines = () => {
  const cache = join(__dirname, '..', 'web', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const directory = mkdtempSync(join(cache, 'carelane-bench-portal-'));
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: join(__dirname, '..'),
    env: { ...process.env, PORTAL_BENCH_BUILD_DIRECTORY: directory },
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    rmSync(directory, { recursive: true, force: true });
    throw new Error(`Building the portal for the bench failed:\n${build.stdout}\n${build.stderr}`);
  }
  return directory;
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Sequential document requests (full body read), as one visitor's page loads: median and p90 in ms. */
const renderTimes = async (url: string, cookie?: string) => {
  const headers: Record<string, string> = { Accept: 'text/html' };
  if (cookie) headers.Cookie = cookie;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers, redirect: 'manual' });
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return { elapsed, body };
  };
  for (let i = 0; i < WARMUP; i += 1) await once();
  const times: number[] = [];
  let html = '';
  for (let i = 0; i < REQUESTS; i += 1) {
    const { elapsed, body } = await once();
    times.push(elapsed);
    html = body;
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p90: percentile(times, 90), html };
};

/** The document's own size, raw and gzipped (the server compresses every answer, so both cost render time). */
const htmlSize = (html: string) => `${(Buffer.byteLength(html) / 1024).toFixed(1)} KB (${(gzipSync(Buffer.from(html)).length / 1024).toFixed(1)} KB gzipped)`;

/** The JavaScript a page loads at start: its module scripts and module preloads, gzipped. */
const shippedJs = async (base: string, html: string) => {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) urls.add(match[1]);
  let gzipped = 0;
  for (const url of urls) {
    const response = await fetch(new URL(url, base));
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const size = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    // BENCH_PORTAL_FILES=1: each file with its size, to see what a page's JavaScript is made of.
    if (process.env.BENCH_PORTAL_FILES) console.log(`    ${(size / 1024).toFixed(1).padStart(6)} KB  ${url}`);
    gzipped += size;
  }
  // The inline scripts (route manifest, loader data) ship too.
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const size = gzipSync(Buffer.from(match[1])).length;
    if (process.env.BENCH_PORTAL_FILES) console.log(`    ${(size / 1024).toFixed(1).padStart(6)} KB  inline script`);
    gzipped += size;
  }
  return { files: urls.size, gzipped };
};

const main = async () => {
  const buildDirectory = buildWithBaselines();
  const postgres = await providePostgres();
  const url = await scratchDatabaseUrl(postgres, 'carelane_bench_portal');
  const dataSource = await openDataSource(url, { poolSize: 10 });
  let stopPortal: (() => Promise<void>) | undefined;
  let closeApi: (() => Promise<void>) | undefined;
  try {
    const config = loadApiConfig({ DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), NODE_ENV: 'production', FILES_DIR: mkdtempSync(join(tmpdir(), 'carelane-bench-files-')) });
    const built = createApp(config, dataSource);
    const { app } = built;
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    closeApi = async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopApp(built);
    };
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const tenant = await createTenant(dataSource);
    // BENCH_PROFILE=<dir>: the portal's server runs with --cpu-prof, its profile written there when it stops.
    const profile = process.env.BENCH_PROFILE;
    const portal = await startPortal({ apiUrl, defaultSubdomain: tenant.subdomain, buildDirectory, nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [] });
    stopPortal = portal.stop;

    // A signed-in enduser with a few events, forms and messages, as Home shows them.
    const admin = new Session({ host: apiUrl });
    await admin.authenticate(tenant.adminEmail, tenant.adminPassword);
    const enduser = await admin.api.endusers.createOne({ fname: 'Bench', lname: 'Patient', email: 'bench.patient@example.com' });
    for (let i = 0; i < 3; i += 1) {
      await admin.api.calendar_events.createOne({ title: `Event ${i + 1}`, startTimeInMS: Date.now() + (i + 1) * 86_400_000, durationInMinutes: 30, attendees: [{ type: 'enduser', id: enduser.id }] });
    }
    const form = await admin.api.forms.createOne({ title: 'Intake' });
    await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });
    const { authToken } = await admin.api.endusers.generate_auth_token({ id: enduser.id });
    const signIn = await fetch(`${portal.url}/home?token=${encodeURIComponent(authToken)}`, { redirect: 'manual' });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    if (!cookie.startsWith('__carelane_portal=')) throw new Error(`Signing in failed: ${signIn.status}`);

    const rows = [];
    for (const [name, path, baseline, signedIn] of [
      ['Landing', '/', '/bench-baseline/landing', false],
      ['Home', '/home', '/bench-baseline/home', true],
    ] as const) {
      const real = await renderTimes(portal.url + path, signedIn ? cookie : undefined);
      const bare = await renderTimes(portal.url + baseline, signedIn ? cookie : undefined);
      // BENCH_PORTAL_HTML=<dir>: each page's document as served, to see what the render sends.
      if (process.env.BENCH_PORTAL_HTML) writeFileSync(join(process.env.BENCH_PORTAL_HTML, `${name.toLowerCase()}.html`), real.html);
      rows.push({ name, real, bare, realJs: await shippedJs(portal.url, real.html), bareJs: await shippedJs(portal.url, bare.html) });
    }

    console.log(`\nbench/portal: ${REQUESTS} sequential document requests per page after ${WARMUP} warm-up, built portal (web/serve/main.js, production) and api`);
    let ok = true;
    for (const { name, real, bare, realJs, bareJs } of rows) {
      const pass = real.median < MEDIAN_LIMIT_MS && realJs.gzipped < JS_LIMIT_BYTES;
      ok &&= pass;
      console.log(`${name}${pass ? '' : '   (over the limit)'}`);
      console.log(`  ${'page'.padEnd(34)} render p50 ${real.median.toFixed(1).padStart(6)} ms   p90 ${real.p90.toFixed(1).padStart(6)} ms   JS ${(realJs.gzipped / 1024).toFixed(1).padStart(6)} KB gzipped (${realJs.files} files)   HTML ${htmlSize(real.html)}`);
      console.log(`  ${'same page, no data loading'.padEnd(34)} render p50 ${bare.median.toFixed(1).padStart(6)} ms   p90 ${bare.p90.toFixed(1).padStart(6)} ms   JS ${(bareJs.gzipped / 1024).toFixed(1).padStart(6)} KB gzipped (${bareJs.files} files)`);
    }
    console.log(`limits: render median under ${MEDIAN_LIMIT_MS} ms, JavaScript under ${JS_LIMIT_BYTES / 1024} KB gzipped: ${ok ? 'met' : 'NOT met'}`);
  } finally {
    await stopPortal?.();
    await closeApi?.();
    await dataSource.destroy();
    await dropDatabase(url).catch(() => {});
    await postgres.stop();
    rmSync(buildDirectory, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
