import { useTenantSuite } from '../identity/tenant-suite';

const MESSAGE = 'Error parsing field fields: Custom fields must not exceed 100000 characters in total as JSON';

/**
 * Issue 12 (Low): an enduser's custom fields had no total size limit (5,000 keys of 1 KB accepted),
 * so list reads of a few such records stalled the api. A total limit with a clear message, on create
 * and on the merged record after an update.
 */
describe('custom fields: a total size limit', () => {
  const suite = useTenantSuite();
  const bigFields = (count: number, prefix = 'k') => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, 'x'.repeat(500)]));

  test('a create over the limit is refused; an update that would take the stored fields over it too', async () => {
    const { admin } = suite;
    await expect(admin.api.endusers.createOne({ fname: 'Big', fields: bigFields(5_000) } as never)).rejects.toMatchObject({ message: MESSAGE, code: 400 });
    const enduser = await admin.api.endusers.createOne({ fname: 'Half', fields: bigFields(150, 'a') } as never);
    await expect(admin.api.endusers.updateOne(enduser.id, { fields: bigFields(150, 'b') } as never)).rejects.toMatchObject({ message: MESSAGE, code: 400 });
    expect(Object.keys((await admin.api.endusers.getOne(enduser.id)).fields ?? {})).toHaveLength(150);
  });
});
