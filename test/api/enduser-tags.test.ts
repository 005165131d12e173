import type { Session } from '@tellescope/sdk';
import type { EnduserTagsAnswer } from '@carelane/automation';
import { startApi, type RunningApi } from '../support/api-server';
import { createSubOrganization, freshTenant, memberOf } from '../analytics/support';
import { createStaff } from '../identity/support';

/**
 * Issue 36: GET /enduser-tags lists the tags on the patients the caller may read, most used first,
 * so staff pick tags by name; another business's or a sibling organization's tags never show.
 */
describe('GET /enduser-tags', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const tagsOf = async (session: Session) => {
    const response = await fetch(`${api.host}/v1/enduser-tags`, { headers: { Authorization: `Bearer ${session.authToken}` } });
    return { status: response.status, body: (await response.json()) as EnduserTagsAnswer & { message?: string } };
  };
  const patients = async (session: Session, tagLists: string[][]) => {
    for (const tags of tagLists) await session.api.endusers.createOne({ fname: 'Pat', tags } as never);
  };

  test("answers the caller's tags with their counts, most used first, never another business's", async () => {
    const { admin } = await freshTenant(api);
    const other = await freshTenant(api);
    expect(await tagsOf(admin)).toEqual({ status: 200, body: { tags: [] } });
    await patients(admin, [['vip', 'smoker'], ['vip'], ['new', 'vip'], ['smoker'], []]);
    await patients(other.admin, [['elsewhere'], ['elsewhere', 'vip']]);

    expect((await tagsOf(admin)).body).toEqual({
      tags: [
        { tag: 'vip', count: 3 },
        { tag: 'smoker', count: 2 },
        { tag: 'new', count: 1 },
      ],
    });
    expect((await tagsOf(other.admin)).body.tags).toEqual([
      { tag: 'elsewhere', count: 2 },
      { tag: 'vip', count: 1 },
    ]);
  });

  test("a sub-organization's staff see its own patients' tags, never a sibling's; the parent sees both", async () => {
    const { admin } = await freshTenant(api);
    const east = await createSubOrganization(admin, 'East clinic');
    const west = await createSubOrganization(admin, 'West clinic');
    const eastStaff = await memberOf(api, admin, [east.id]);
    const westStaff = await memberOf(api, admin, [west.id]);
    await patients(eastStaff.session, [['east-only'], ['shared']]);
    await patients(westStaff.session, [['west-only'], ['shared'], ['shared']]);

    expect((await tagsOf(eastStaff.session)).body.tags).toEqual([
      { tag: 'east-only', count: 1 },
      { tag: 'shared', count: 1 },
    ]);
    expect((await tagsOf(westStaff.session)).body.tags).toEqual([
      { tag: 'shared', count: 2 },
      { tag: 'west-only', count: 1 },
    ]);
    expect((await tagsOf(admin)).body.tags).toEqual([
      { tag: 'shared', count: 3 },
      { tag: 'east-only', count: 1 },
      { tag: 'west-only', count: 1 },
    ]);
  });

  test('the counts follow every write (created, retagged, repeated, moved, shared, many at once, deleted) and each caller its own view', async () => {
    const { tenant, admin } = await freshTenant(api);
    const north = await createSubOrganization(admin, 'North');
    const south = await createSubOrganization(admin, 'South');
    const northAdmin = await memberOf(api, admin, [north.id]);
    // What counting the patients themselves gives, for the root Admin (every patient of the business).
    const counted = async () =>
      ((await api.dataSource.query(
        `SELECT tag, count(DISTINCT _id)::int AS count FROM endusers, jsonb_array_elements_text(tags) AS tag WHERE "businessId" = $1 GROUP BY tag ORDER BY 2 DESC, 1 ASC`,
        [tenant.businessId],
      )) as { tag: string; count: number }[]);
    const create = (session: Session, tags: string[]) => session.api.endusers.createOne({ fname: 'Pat', tags } as never);

    const vip = await create(admin, ['vip', 'diabetes']);
    const repeated = await create(admin, ['vip', 'vip']);
    const northPatient = await create(northAdmin.session, ['north', 'vip']);
    expect((await tagsOf(admin)).body.tags).toEqual([
      { tag: 'vip', count: 3 },
      { tag: 'diabetes', count: 1 },
      { tag: 'north', count: 1 },
    ]);
    expect((await tagsOf(northAdmin.session)).body.tags).toEqual([
      { tag: 'north', count: 1 },
      { tag: 'vip', count: 1 },
    ]);

    // Retagged, a sign-in's lastActive (no change to count), moved south, shared north, many at once, deleted.
    await admin.api.endusers.updateOne(vip.id, { tags: ['diabetes', 'smoker'] }, { replaceObjectFields: true });
    await api.dataSource.query(`UPDATE endusers SET "lastActive" = now() WHERE "businessId" = $1`, [tenant.businessId]);
    await api.dataSource.getRepository('endusers').update({ _id: northPatient.id }, { organizationIds: [south.id] });
    await admin.api.endusers.updateOne(repeated.id, { sharedWithOrganizations: [[north.id]] } as never);
    await admin.api.endusers.createSome(Array.from({ length: 30 }, (_, n) => ({ fname: `Bulk ${n}`, tags: n % 3 ? ['bulk'] : ['bulk', 'smoker'] })) as never);
    await admin.api.endusers.deleteOne(vip.id);
    const expected = [
      { tag: 'bulk', count: 30 },
      { tag: 'smoker', count: 10 },
      { tag: 'vip', count: 2 },
      { tag: 'north', count: 1 },
    ];
    expect((await tagsOf(admin)).body.tags).toEqual(expected);
    expect(await counted()).toEqual(expected);
    expect((await tagsOf(northAdmin.session)).body.tags).toEqual([{ tag: 'vip', count: 1 }]);
    // Those answers come from the counters PostgreSQL keeps, not from reading the patients (2.7 s at a
    // million): a counter changed by hand changes the answer.
    const [stored] = await api.dataSource.query(`SELECT sum(count)::int AS n FROM enduser_tag_counts WHERE "businessId" = $1 AND tag = 'bulk'`, [tenant.businessId]);
    expect(stored.n).toBe(30);
    await api.dataSource.query(`UPDATE enduser_tag_counts SET count = count + 100 WHERE "businessId" = $1 AND tag = 'bulk'`, [tenant.businessId]);
    expect((await tagsOf(admin)).body.tags[0]).toEqual({ tag: 'bulk', count: 130 });
  });

  test("staff who see only their own patients get only those patients' tags", async () => {
    const { admin } = await freshTenant(api);
    const nurse = await createStaff(api, admin);
    await admin.api.endusers.createOne({ fname: 'Theirs', tags: ['mine', 'shared'], assignedTo: [nurse.user.id] } as never);
    await patients(admin, [['shared'], ['elsewhere']]);
    expect((await tagsOf(nurse.session)).body.tags).toEqual([
      { tag: 'mine', count: 1 },
      { tag: 'shared', count: 1 },
    ]);
  });
});
