import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

/** Issue 35: archiving a form is its `disabled` flag (the reference client's field): kept, read back, and only a boolean. */
describe('forms: archive', () => {
  let api: RunningApi;
  let staff: Awaited<ReturnType<typeof adminSession>>;

  beforeAll(async () => {
    api = await startApi();
    staff = await adminSession(api.host, await createTenant(api.dataSource));
  });
  afterAll(() => api.stop());

  test('a form is archived and brought back; a value other than true or false is refused and changes nothing', async () => {
    const form = await staff.api.forms.createOne({ title: 'Old intake' });
    expect(form.disabled).toBeUndefined();
    await staff.api.forms.updateOne(form.id, { disabled: true });
    expect((await staff.api.forms.getOne(form.id)).disabled).toBe(true);
    const archived = await staff.api.forms.getSome({ filter: { disabled: true } } as never);
    expect(archived.map((record) => record.id)).toEqual([form.id]);
    await expect(staff.api.forms.updateOne(form.id, { disabled: 'soon' } as never)).rejects.toMatchObject({ message: expect.stringContaining('Invalid boolean') });
    expect((await staff.api.forms.getOne(form.id)).disabled).toBe(true);
    await staff.api.forms.updateOne(form.id, { disabled: false });
    expect((await staff.api.forms.getOne(form.id)).disabled).toBe(false);
  });
});
