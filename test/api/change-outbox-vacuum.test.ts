import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { VACUUM_AFTER_ROWS } from '@carelane/api/events/change-outbox';
import { RELAY_INTERVAL_MS } from '@carelane/api/events/change-relay';
import { startApi, type RunningApi } from '../support/api-server';
import { sleep } from '../automations/support';
import { recordQueries } from '../support/query-recorder';
import { adminSession, createTenant } from '../support/tenant';

/**
 * Every change inserts, claims and deletes a change_outbox row, and a claim reads the table's dead
 * rows until they are vacuumed (bench/README.md: 60,000 dead rows made each claim 22 ms in
 * bench:scale's bulk add). The api's relay vacuums the outbox itself once it deleted
 * VACUUM_AFTER_ROWS rows, whether or not the server's autovacuum runs.
 */
describe("the change outbox's own vacuum", () => {
  let api: RunningApi;
  let admin: Session;
  beforeAll(async () => {
    api = await startApi();
    admin = await adminSession(api.host, await createTenant(api.dataSource));
  }, 60_000);
  afterAll(() => api.stop());

  /** `count` patients made 200 at a call: one outbox row each, settled by the api's fast path. */
  const makePatients = async (count: number) => {
    const label = randomBytes(3).toString('hex');
    for (let made = 0; made < count; made += 200) {
      const batch = Array.from({ length: Math.min(200, count - made) }, (_, n) => ({ fname: 'Vac', lname: `${label}-${made + n}` }));
      await admin.api.endusers.createSome(batch as never);
    }
  };
  const vacuumsIn = (statements: { sql: string }[]) => statements.filter(({ sql }) => /^VACUUM/i.test(sql.trim())).map(({ sql }) => sql.trim());
  // Two of the relay's intervals and a margin: its tick after the last delete has run.
  const settle = () => sleep(RELAY_INTERVAL_MS * 2 + 1_000);

  test(`is not run before ${VACUUM_AFTER_ROWS} changes were settled, and is run by the relay's next tick after`, async () => {
    const recorder = recordQueries(api.dataSource);
    const before = await recorder.during(async () => {
      await makePatients(VACUUM_AFTER_ROWS - 200);
      await settle();
    });
    expect(before.filter(({ sql }) => sql.includes('DELETE FROM "change_outbox"')).length).toBeGreaterThan(0);
    expect(vacuumsIn(before)).toEqual([]);

    const after = await recorder.during(async () => {
      await makePatients(400);
      await settle();
    });
    expect(vacuumsIn(after)).toEqual(['VACUUM (SKIP_LOCKED) "change_outbox"']);
    // The outbox holds none of them: every row was settled and deleted.
    const [{ left }] = await api.dataSource.query(`SELECT count(*)::int AS left FROM "change_outbox" WHERE "event"->>'resource' = 'endusers' AND "event"->'record'->>'fname' = 'Vac'`);
    expect(left).toBe(0);
  }, 120_000);
});
