import { randomBytes } from 'node:crypto';
import { newId, openDataSource } from '@carelane/db';
import type { DataSource } from 'typeorm';
import { testEnv } from '../support/env';

/**
 * Patients' pages keep room for updates (migration EnduserRoomForUpdates): a patient on a page that
 * later patients filled can still be updated without moving, so entering a journey or marking a
 * message unread writes none of the table's indexes (a heap-only update).
 */
describe('room for updates on the patients table', () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = await openDataSource(testEnv().databaseUrl, { poolSize: 2 });
  });
  afterAll(() => dataSource.destroy());

  test("a patient's journeys updated on a page that later patients filled is a heap-only update", async () => {
    const businessId = randomBytes(12).toString('hex');
    const ids = Array.from({ length: 60 }, () => newId());
    // raw SQL: rows written side by side in one statement, so their pages fill up (a page left part-empty would prove nothing).
    await dataSource.query(
      `INSERT INTO endusers (_id, "businessId", "organizationIds", "sharedWithOrganizations", fname, lname, email, tags, fields, "createdAt", "updatedAt")
       SELECT id, $2, '[]', '[]', 'Room', 'Patient ' || n, 'room-' || id || '@example.test', '["diabetes", "follow-up"]', '{"plan": "Gold", "clinic": "North"}', now(), now()
       FROM unnest($1::text[]) WITH ORDINALITY AS s(id, n)`,
      [ids, businessId],
    );
    // raw SQL: the page each row landed on (ctid), to pick one whose page later rows of the statement also filled.
    const placed: { _id: string; page: string }[] = await dataSource.query(`SELECT _id, (ctid::text::point)[0]::text AS page FROM endusers WHERE _id = ANY($1)`, [ids]);
    const pageOf = new Map(placed.map((row) => [row._id, row.page]));
    const filled = ids.find((id, index) => index > 0 && pageOf.get(ids[index - 1]) === pageOf.get(id) && ids.slice(index + 1).some((later) => pageOf.get(later) === pageOf.get(id)) && ids.slice(index + 1).some((later) => pageOf.get(later) !== pageOf.get(id)));
    expect(filled).toBeDefined();

    const hotUpdates = await dataSource.transaction(async (manager) => {
      // raw SQL: one journey entered, as enterJourney writes it; the transaction's own statistics tell whether it stayed on its page.
      await manager.query(`UPDATE endusers SET journeys = '{"journey": "New"}', "updatedAt" = now() WHERE _id = $1`, [filled]);
      const [row] = await manager.query(`SELECT pg_stat_get_xact_tuples_hot_updated('endusers'::regclass)::int AS hot`);
      return row.hot as number;
    });
    expect(hotUpdates).toBe(1);
    // raw SQL: the scratch patients go again.
    await dataSource.query(`DELETE FROM endusers WHERE "businessId" = $1`, [businessId]);
  });
});
