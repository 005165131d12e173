import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { newId } from '@carelane/db';
import { startApi, type RunningApi } from '../support/api-server';
import { recordQueries } from '../support/query-recorder';
import { adminSession, createTenant } from '../support/tenant';
import { createStaff } from '../identity/support';

/**
 * The staff patient list's pages are kept by the api between requests until one of the business's
 * patients changes (api/src/actions/lists/list-page-cache.ts). What a clinic must never see: a page
 * that misses a change already made, by anyone, through any path.
 */
describe("the patient list's kept pages", () => {
  let api: RunningApi;
  let admin: Session;
  let businessId: string;
  const tag = `kept-${randomBytes(3).toString('hex')}`;
  beforeAll(async () => {
    api = await startApi();
    const tenant = await createTenant(api.dataSource);
    businessId = tenant.businessId;
    admin = await adminSession(api.host, tenant);
  }, 60_000);
  afterAll(() => api.stop());

  /** The staff app's patient list (web/app/staff/patient-list/query.server.ts): by a tag, newest activity first. */
  const names = async (session: Session, byTag = tag) => {
    const query = new URLSearchParams({ limit: '51', filter: JSON.stringify({ tags: { _all: [byTag] } }), sortBy: 'lastActive', sort: 'newFirst' });
    const response = await fetch(`${api.host}/v1/list-endusers?${query}`, { headers: { Authorization: `Bearer ${session.authToken}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { fname: string }[]).map((row) => row.fname).sort();
  };
  /** The statements the api ran on the patients' table while `work` ran. */
  const patientReads = async (work: () => Promise<unknown>) =>
    (await recordQueries(api.dataSource).during(work)).filter(({ sql }) => sql.includes('"endusers"'));

  test('a page read again with nothing changed is answered without asking PostgreSQL', async () => {
    await admin.api.endusers.createSome([{ fname: 'Ada', tags: [tag] }, { fname: 'Bo', tags: [tag] }] as never);
    expect(await names(admin)).toEqual(['Ada', 'Bo']);
    let again: string[] = [];
    expect(await patientReads(async () => (again = await names(admin)))).toEqual([]);
    expect(again).toEqual(['Ada', 'Bo']);
  });

  test('a patient added, renamed or removed through the api is on the very next read', async () => {
    expect(await names(admin)).toEqual(['Ada', 'Bo']);
    const cy = await admin.api.endusers.createOne({ fname: 'Cy', tags: [tag] });
    expect(await names(admin)).toEqual(['Ada', 'Bo', 'Cy']);
    await admin.api.endusers.updateOne(cy.id, { fname: 'Cyd' });
    expect(await names(admin)).toEqual(['Ada', 'Bo', 'Cyd']);
    await admin.api.endusers.deleteOne(cy.id);
    expect(await names(admin)).toEqual(['Ada', 'Bo']);
  });

  test('rows written straight to PostgreSQL, as the worker and imports write them, are on the very next read', async () => {
    expect(await names(admin)).toEqual(['Ada', 'Bo']);
    const now = new Date();
    // raw SQL: a write from outside the api process's engine, as a journey step's activity makes one.
    await api.dataSource.query(
      `INSERT INTO endusers (_id, "businessId", "organizationIds", "sharedWithOrganizations", fname, tags, "createdAt", "updatedAt") VALUES ($1, $2, '[]', '[]', 'Dee', $3, $4, $4)`,
      [newId(), businessId, JSON.stringify([tag]), now],
    );
    expect(await names(admin)).toEqual(['Ada', 'Bo', 'Dee']);
    // raw SQL: as above, an update of one patient.
    await api.dataSource.query(`UPDATE endusers SET tags = '[]' WHERE "businessId" = $1 AND fname = 'Dee'`, [businessId]);
    expect(await names(admin)).toEqual(['Ada', 'Bo']);
  });

  test('a search is read from PostgreSQL every time (typed a letter at a time, it would only push pages out)', async () => {
    const search = async () => {
      const query = new URLSearchParams({ limit: '51', search: JSON.stringify({ query: 'Ada' }) });
      const response = await fetch(`${api.host}/v1/list-endusers?${query}`, { headers: { Authorization: `Bearer ${admin.authToken}` } });
      return ((await response.json()) as { fname: string }[]).map((row) => row.fname);
    };
    expect(await search()).toEqual(['Ada']);
    expect((await patientReads(search)).length).toBeGreaterThan(0);
  });

  test("another business's patients changing leaves the page kept", async () => {
    expect(await names(admin)).toEqual(['Ada', 'Bo']);
    const other = await adminSession(api.host, await createTenant(api.dataSource));
    await other.api.endusers.createOne({ fname: 'Elsewhere', tags: [tag] });
    expect(await names(other)).toEqual(['Elsewhere']);
    expect(await patientReads(() => names(admin))).toEqual([]);
  });

  test("each member of staff reads their own page, and a change of their role's access is on their next read", async () => {
    const role = `list-reader-${randomBytes(3).toString('hex')}`;
    const access = (read: 'All' | 'Assigned') => ({ endusers: { create: 'All', read, update: 'All', delete: null } });
    const created = await admin.api.role_based_access_permissions.createOne({ role, permissions: access('All') } as never);
    const nurse = await createStaff({ host: api.host, dataSource: api.dataSource }, admin, { roles: [role] });
    await admin.api.endusers.createOne({ fname: 'Fay', tags: [tag], assignedTo: [nurse.user.id] });
    expect(await names(nurse.session)).toEqual(['Ada', 'Bo', 'Fay']);
    expect(await names(admin)).toEqual(['Ada', 'Bo', 'Fay']);

    await admin.api.role_based_access_permissions.updateOne(created.id, { permissions: access('Assigned') } as never, { replaceObjectFields: true });
    expect(await names(nurse.session)).toEqual(['Fay']);
    expect(await names(admin)).toEqual(['Ada', 'Bo', 'Fay']);
  });
});
