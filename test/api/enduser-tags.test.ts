import type { Session } from '@tellescope/sdk';
import type { EnduserTagsAnswer } from '@carelane/automation';
import { startApi, type RunningApi } from '../support/api-server';
import { createSubOrganization, freshTenant, memberOf } from '../analytics/support';

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
});
