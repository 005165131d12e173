import { EnduserSession } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';

type Session = Awaited<ReturnType<typeof adminSession>>;

/**
 * Which managed content an enduser may read (docs/contract/entities.md#files-and-content, portal.md#content): everyone's
 * ('All'), their tags' ('By Tags' sharing a tag), their own ('Individual', enduserId), and 'Manual'
 * content only through an assignment record naming them.
 */
describe('managed content: what each enduser may read', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let admin: Session;

  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    admin = await adminSession(api.host, tenant);
  });
  afterAll(() => api.stop());

  const sessionOf = async (enduserId: string) =>
    new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken: (await admin.api.endusers.generate_auth_token({ id: enduserId })).authToken });
  const content = (title: string, fields: Record<string, unknown>) => admin.api.managed_content_records.createOne({ title, textContent: title, ...fields } as never);
  const titlesFor = async (session: EnduserSession) => (await session.api.managed_content_records.getSome()).map((record) => record.title).sort();

  test('All, By Tags, Individual and Manual', async () => {
    const tagged = await admin.api.endusers.createOne({ fname: 'Tia', tags: ['diabetes'] } as never);
    const other = await admin.api.endusers.createOne({ fname: 'Oli', tags: ['asthma'] } as never);
    await content('For everyone', { assignmentType: 'All' });
    await content('For diabetes', { assignmentType: 'By Tags', tags: ['diabetes'] });
    await content('Only for Tia', { assignmentType: 'Individual', enduserId: tagged.id });
    const manual = await content('Assigned by hand', { assignmentType: 'Manual' });
    await content('Nobody yet', { assignmentType: 'Manual' });
    await admin.api.managed_content_record_assignments.createOne({ contentId: manual.id, enduserId: tagged.id } as never);

    expect(await titlesFor(await sessionOf(tagged.id))).toEqual(['Assigned by hand', 'For diabetes', 'For everyone', 'Only for Tia']);
    expect(await titlesFor(await sessionOf(other.id))).toEqual(['For everyone']);
    // A record the enduser may not read answers as if it did not exist.
    await expect((await sessionOf(other.id)).api.managed_content_records.getOne(manual.id)).rejects.toMatchObject({ message: expect.any(String) });
  });
});
