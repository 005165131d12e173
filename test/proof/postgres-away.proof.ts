import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Session } from '@tellescope/sdk';
import { openDataSource } from '@carelane/db';
import { startApiProcess } from '../support/api-process';
import { testEnv } from '../support/env';
import { reportFigure } from '../support/figures';
import { startTcpProxy } from '../support/tcp-proxy';
import { adminSession, createTenant } from '../support/tenant';

/**
 * Issue 21: PostgreSQL goes away under load. The api process (as `npm start` runs it) reaches
 * PostgreSQL through a TCP proxy that the test cuts: the machine's PostgreSQL, which other runs
 * share, is never stopped. While it is away every answer is a 503 with Retry-After; once it is back
 * the same process answers again by itself.
 */
describe('PostgreSQL unreachable under load', () => {
  let dataSource: DataSource;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let api: Awaited<ReturnType<typeof startApiProcess>>;

  beforeAll(async () => {
    dataSource = await openDataSource(testEnv().databaseUrl, { poolSize: 2 });
    const database = new URL(testEnv().databaseUrl);
    proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    database.host = `127.0.0.1:${proxy.port()}`;
    api = await startApiProcess({ jwtSecret: randomBytes(32).toString('hex'), databaseUrl: database.toString(), redisUrl: testEnv().redisUrl, temporalAddress: testEnv().temporalAddress });
  });
  afterAll(async () => {
    await api?.stop();
    await proxy?.stop();
    await dataSource?.destroy();
  });

  it('answers 503 with Retry-After while it is away and recovers by itself', async () => {
    const tenant = await createTenant(dataSource);
    const admin = await adminSession(api.host, tenant);
    const authorization = `Bearer ${admin.authToken}`;
    type Phase = 'before' | 'away' | 'back';
    let phase: Phase = 'before';
    const answers: { phase: Phase; status: number; retryAfter: string | null; kind: 'read' | 'write'; marker?: string }[] = [];
    let running = true;

    // Four clients reading and writing as fast as the api answers.
    const client = async (index: number) => {
      for (let n = 0; running; n++) {
        const started = phase;
        const write = n % 2 === 0;
        const marker = `away-${index}-${n}-${randomBytes(3).toString('hex')}`;
        let status = 0;
        let retryAfter: string | null = null;
        try {
          const response = await fetch(write ? `${api.host}/v1/enduser` : `${api.host}/v1/endusers?limit=5`, {
            method: write ? 'POST' : 'GET',
            headers: { Authorization: authorization, 'Content-Type': 'application/json' },
            body: write ? JSON.stringify({ fname: marker }) : undefined,
          });
          status = response.status;
          retryAfter = response.headers.get('retry-after');
          await response.arrayBuffer();
        } catch {
          status = -1; // no answer at all
        }
        // An answer counts for a phase only when the whole request ran inside it.
        if (started === phase) answers.push({ phase, status, retryAfter, kind: write ? 'write' : 'read', marker: write ? marker : undefined });
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    const waitForAnswers = async (which: Phase, count: number, accept: (status: number) => boolean = () => true) => {
      const deadline = Date.now() + 120_000;
      while (answers.filter((answer) => answer.phase === which && accept(answer.status)).length < count) {
        if (Date.now() > deadline) throw new Error(`fewer than ${count} answers in phase ${which}: ${JSON.stringify(answers.slice(-10))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    await waitForAnswers('before', 20);
    await proxy.cut();
    phase = 'away';
    const awayStarted = Date.now();
    await waitForAnswers('away', 40);
    const awaySeconds = (Date.now() - awayStarted) / 1000;
    await proxy.restore();
    phase = 'back';
    const backAt = Date.now();
    await waitForAnswers('back', 1, (status) => status === 200);
    const recoverySeconds = (Date.now() - backAt) / 1000;
    await waitForAnswers('back', 20, (status) => status === 200);
    running = false;
    await Promise.all(clients);

    const of = (which: Phase) => answers.filter((answer) => answer.phase === which);
    const away = of('away');
    const firstOk = of('back').findIndex((answer) => answer.status === 200);
    const afterRecovery = of('back').slice(firstOk);
    reportFigure(
      `postgres away: ${away.length} answers while away (${away.filter((a) => a.status === 503).length} x 503 with Retry-After), back to 200 in ${recoverySeconds.toFixed(1)} s without a restart, ${afterRecovery.filter((a) => a.status !== 200).length} errors after recovery`,
    );

    expect(of('before').every((answer) => answer.status === 200)).toBe(true);
    expect(away.filter((answer) => answer.status !== 503 || answer.retryAfter === null)).toEqual([]);
    expect(afterRecovery.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(awaySeconds).toBeGreaterThan(0);
    // Nothing a 503 refused was written; the same process is still the one answering.
    const refused = away.filter((answer) => answer.kind === 'write').map((answer) => answer.marker!);
    const written: { fname: string }[] = await dataSource.query(`SELECT fname FROM endusers WHERE "businessId" = $1 AND fname = ANY($2)`, [tenant.businessId, refused]);
    expect(written).toEqual([]);
    expect(api.output()).not.toMatch(/exited|Unhandled/);
    await expect(new Session({ host: api.host }).authenticate(tenant.adminEmail, tenant.adminPassword)).resolves.toBeDefined();
  });
});
