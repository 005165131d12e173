import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { Session } from '@tellescope/sdk';
import { launchChromium } from '../support/chromium';
import { reportFigure } from '../support/figures';
import { proofStack } from './callers';

/**
 * Issue 21: injection and XSS. Script, event-handler, javascript: and SVG payloads are written
 * through the api into text and HTML fields an enduser and staff see, then every page showing them
 * is rendered in Chromium. An execution is counted two ways: a dialog (each payload calls alert) and
 * a beacon (each payload also fetches a local HTTP server). SQL fragments go into filters, sorts and
 * search: no query changes meaning (a literal matches itself only; a bad sort is refused).
 */
const beaconServer = async () => {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const xssPayloads = (beacon: string) => {
  const run = (n: number) => `fetch('${beacon}/x${n}');alert(${n})`;
  return [
    `<script>${run(1)}</script>`,
    `<img src=x onerror="${run(2)}">`,
    `<svg onload="${run(3)}"></svg>`,
    `javascript:${run(4)}`,
    `"><img src=x onerror="${run(5)}">`,
    `<a href="javascript:${run(6)}">open</a>`,
    `<iframe srcdoc="<script>${run(7)}</script>"></iframe>`,
    `<details open ontoggle="${run(8)}">x</details>`,
    `<svg><animate onbegin="${run(9)}" attributeName="x" dur="1s"/></svg>`,
    `'-alert(10)-'`,
    `<math><mtext><table><mglyph><style><img src=x onerror="${run(11)}">`,
  ];
};

const SQL_FRAGMENTS = [`' OR '1'='1`, `x' OR 1=1 --`, `'; DROP TABLE endusers; --`, `%' OR fname LIKE '%`, `") OR 1=1 --`, `1); SELECT pg_sleep(5); --`, `\\'; --`, `$1`, `' UNION SELECT * FROM users --`];

describe('injection and XSS through the api into the portal and the staff console', () => {
  let browser: Browser;
  let beacon: Awaited<ReturnType<typeof beaconServer>>;
  let admin: Session;
  const stack = () => proofStack();

  beforeAll(async () => {
    beacon = await beaconServer();
    browser = await launchChromium();
    admin = new Session({ host: stack().apiUrl });
    await admin.authenticate(stack().adminEmail, stack().adminPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await beacon?.stop();
  });

  it('no payload runs in any page that shows it', async () => {
    const payloads = xssPayloads(beacon.url);
    let writes = 0;
    let refused = 0;
    const write = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      writes++;
      try {
        return await call();
      } catch (error) {
        // A refusal must be a clear 4xx, never a server error (names refuse markup: 'Invalid name').
        expect(String((error as { message?: string }).message ?? error)).not.toMatch(/Internal server error/i);
        refused++;
        return undefined;
      }
    };
    const pages: string[] = [];
    let dialogs = 0;
    let cspBlocked = 0;
    const visit = async (page: Page, path: string, ready: (page: Page) => Promise<unknown>) => {
      await page.goto(`${stack().portalUrl}${path}`);
      await ready(page);
      pages.push(path.split('?')[0]);
    };
    const watch = (page: Page) => {
      page.on('dialog', (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspBlocked++;
      });
    };

    for (const [index, payload] of payloads.entries()) {
      const enduser = await admin.api.endusers.createOne({ fname: `P${index}`, lname: 'Patient', email: `xss-${index}-${randomBytes(3).toString('hex')}@example.test` });
      await write(() => admin.api.endusers.updateOne(enduser.id, { fname: payload, lname: payload }));
      const room = await write(() => admin.api.chat_rooms.createOne({ title: payload, enduserIds: [enduser.id], userIds: [admin.userInfo.id], type: 'external' }));
      if (room) {
        await write(() => admin.api.chats.createOne({ roomId: room.id, message: payload }));
        await write(() => admin.api.chats.createOne({ roomId: room.id, message: `html ${index}`, html: payload } as never));
      }
      await write(() => admin.api.calendar_events.createOne({ title: payload, description: payload, startTimeInMS: Date.now() + 86_400_000, durationInMinutes: 30, attendees: [{ type: 'enduser', id: enduser.id }] } as never));
      await write(() => admin.api.tickets.createOne({ title: payload, enduserId: enduser.id, message: payload } as never));

      const { authToken } = await admin.api.endusers.generate_auth_token({ id: enduser.id });
      const context = await browser.newContext();
      const page = await context.newPage();
      watch(page);
      await visit(page, `/home?token=${encodeURIComponent(authToken)}`, (p) => p.getByRole('navigation', { name: 'Main' }).waitFor());
      await visit(page, '/communications', (p) => p.getByRole('heading', { name: 'Your Conversations', level: 1 }).waitFor());
      if (room) await visit(page, `/communications/${room.id}`, (p) => p.getByRole('log', { name: 'Messages' }).waitFor());
      await visit(page, '/events', (p) => p.getByRole('navigation', { name: 'Main' }).waitFor());
      await visit(page, '/settings', (p) => p.getByRole('navigation', { name: 'Main' }).waitFor());
      await context.close();
    }

    // The staff console lists and shows the same endusers.
    const context = await browser.newContext();
    const page = await context.newPage();
    watch(page);
    await page.goto(`${stack().portalUrl}/staff/login`);
    await page.getByLabel('Email').fill(stack().adminEmail);
    await page.getByLabel('Password').fill(stack().adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/staff/login'));
    await visit(page, '/staff/patients', (p) => p.locator('a[href^="/staff/patients/"]').first().waitFor());
    const staffLinks: string[] = [];
    for (const link of await page.locator('a[href^="/staff/patients/"]').all()) staffLinks.push((await link.getAttribute('href'))!);
    for (const href of staffLinks.slice(0, payloads.length)) await visit(page, href, (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await context.close();

    // Let any delayed handler (animate, onerror after a failed load) fire before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const executions = { dialogs, beacons: beacon.hits.length };

    // The control: the same kind of payload on a page without our escaping or CSP is counted by both detectors.
    const control = await browser.newContext();
    const controlPage = await control.newPage();
    let controlDialogs = 0;
    controlPage.on('dialog', (dialog) => {
      controlDialogs++;
      void dialog.dismiss();
    });
    await controlPage.setContent(`<img src=x onerror="fetch('${beacon.url}/control');alert(0)">`);
    const deadline = Date.now() + 15_000;
    while ((controlDialogs === 0 || !beacon.hits.includes('/control')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await control.close();
    expect({ controlDialogs, controlBeacon: beacon.hits.includes('/control') }).toEqual({ controlDialogs: 1, controlBeacon: true });
    dialogs = executions.dialogs;
    beacon.hits.splice(executions.beacons);
    reportFigure(
      `xss: ${payloads.length} payloads in ${writes} writes (${refused} refused), ${pages.length} portal and console pages rendered, ${dialogs + beacon.hits.length} executions (${dialogs} dialogs, ${beacon.hits.length} beacons), ${cspBlocked} blocked by the CSP`,
    );
    expect(beacon.hits).toEqual([]);
    expect(dialogs).toBe(0);
    expect(pages.length).toBeGreaterThan(payloads.length * 4);
  });

  it('SQL fragments in filters, sorts and search change no query', async () => {
    const call = async (path: string) => {
      const response = await fetch(`${stack().apiUrl}${path}`, { headers: { Authorization: `Bearer ${admin.authToken}` } });
      return { status: response.status, body: (await response.json().catch(() => undefined)) as { id: string; fname?: string }[] | undefined };
    };
    // Templates: a title is free text (an enduser's name refuses these characters).
    const total = (await call('/v1/templates?limit=1000')).body!.length;
    const changed: string[] = [];
    let checks = 0;
    for (const fragment of SQL_FRAGMENTS) {
      const literal = await admin.api.templates.createOne({ title: fragment, subject: 'SQL', message: 'SQL' });
      // As a filter value it matches the one record holding that literal.
      const filtered = await call(`/v1/templates?filter=${encodeURIComponent(JSON.stringify({ title: fragment }))}`);
      checks++;
      if (filtered.status !== 200 || filtered.body!.length !== 1 || filtered.body![0].id !== literal.id) changed.push(`filter ${fragment}: ${filtered.status} ${filtered.body?.length}`);
      // As a filter key, a sort or a search, it is refused or matches nothing more than before.
      for (const path of [
        `/v1/templates?filter=${encodeURIComponent(JSON.stringify({ [fragment]: 'x' }))}`,
        `/v1/templates?sortBy=${encodeURIComponent(fragment)}`,
        `/v1/templates?sort=${encodeURIComponent(fragment)}`,
        `/v1/templates?search=${encodeURIComponent(JSON.stringify({ query: fragment }))}`,
        `/v1/templates?filter=${encodeURIComponent(JSON.stringify({ title: { _in: [fragment] } }))}`,
      ]) {
        checks++;
        const answer = await call(path);
        if (answer.status >= 500) changed.push(`${path}: ${answer.status}`);
        else if (answer.status === 200 && answer.body!.length > SQL_FRAGMENTS.length && !path.includes('sort')) changed.push(`${path}: ${answer.body!.length} records`);
      }
    }
    const after = (await call('/v1/templates?limit=1000')).body!.length;
    reportFigure(`sql injection: ${SQL_FRAGMENTS.length} fragments in ${checks} filters, sorts and searches, ${changed.length} changed a query's meaning`);
    expect(changed).toEqual([]);
    expect(after).toBe(total + SQL_FRAGMENTS.length);
  });

  it('prototype pollution payloads change nothing', async () => {
    const send = async (method: string, path: string, body: string) => {
      const response = await fetch(`${stack().apiUrl}${path}`, { method, headers: { Authorization: `Bearer ${admin.authToken}`, 'Content-Type': 'application/json' }, body });
      return response.status;
    };
    const pollution = `"__proto__":{"polluted":"yes","roles":["Admin"]},"constructor":{"prototype":{"polluted":"yes"}}`;
    const target = await admin.api.endusers.createOne({ fname: 'Target', email: `pp-${randomBytes(4).toString('hex')}@example.test` });
    const statuses = [
      await send('POST', '/v1/enduser', `{"fname":"Polluter",${pollution}}`),
      await send('POST', '/v1/endusers', `{"create":[{"fname":"Polluter2",${pollution}}]}`),
      await send('PATCH', `/v1/enduser/${target.id}`, `{"updates":{"fields":{${pollution}},${pollution}},"options":{${pollution}}}`),
      await send('PATCH', `/v1/enduser/${target.id}`, `{"updates":{"fname":"Target"},"options":{"replaceObjectFields":true}}`),
      await send('POST', '/v1/users/login', `{"email":"nobody@example.test","password":"x",${pollution}}`),
    ];
    const filtered = await fetch(`${stack().apiUrl}/v1/endusers?filter=${encodeURIComponent(`{${pollution}}`)}`, { headers: { Authorization: `Bearer ${admin.authToken}` } });
    statuses.push(filtered.status);
    // Nothing anywhere gained the polluted property: a fresh record, the target, a plain list.
    const fresh = await admin.api.endusers.createOne({ fname: 'Fresh', email: `fresh-${randomBytes(4).toString('hex')}@example.test` });
    const records = [await admin.api.endusers.getOne(fresh.id), await admin.api.endusers.getOne(target.id), ...(await admin.api.endusers.getSome({ limit: 50 }))];
    const polluted = records.filter((record) => JSON.stringify(record).includes('polluted'));
    const staffUnchanged = (await admin.api.users.getOne(admin.userInfo.id)).roles;
    reportFigure(`prototype pollution: ${statuses.length} payloads (answers ${[...new Set(statuses)].sort().join('/')}), ${polluted.length} records changed, server errors ${statuses.filter((status) => status >= 500).length}`);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(polluted).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(staffUnchanged).toEqual(['Admin']);
    expect((await admin.api.endusers.getOne(target.id)).fname).toBe('Target');
  });
});
