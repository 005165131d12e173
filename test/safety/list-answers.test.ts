import { useTenantSuite } from '../identity/tenant-suite';

/**
 * Issue 12: getSome with returnCount answers { count } (the console's counters), filters compare a
 * text value as it is stored, and an error never repeats markup from the caller's input.
 */
describe('list answers', () => {
  const suite = useTenantSuite();

  test('returnCount answers { count } of what the caller may see, filters and search included', async () => {
    const { admin } = suite;
    await admin.api.endusers.createOne({ fname: 'counted', email: 'counted-1@example.com' });
    await admin.api.endusers.createOne({ fname: 'counted', email: 'counted-2@example.com' });
    await admin.api.endusers.createOne({ fname: 'other' });
    expect(await admin.api.endusers.getSome({ returnCount: true } as never)).toEqual({ count: 3 });
    expect(await admin.api.endusers.getSome({ returnCount: true, filter: { fname: 'counted' } } as never)).toEqual({ count: 2 });
    expect(await admin.api.endusers.getSome({ returnCount: true, search: { query: 'counted-1' } } as never)).toEqual({ count: 1 });
  });

  test('a name filter written as typed finds the name as stored; two fields at once narrow it', async () => {
    const { admin } = suite;
    const enduser = await admin.api.endusers.createOne({ email: 'compound@example.com', fname: 'test' });
    const found = await admin.api.endusers.getSome({ filter: { email: 'compound@example.com', fname: 'test' } });
    expect(found.map((e) => e.id)).toEqual([enduser.id]);
    expect(await admin.api.endusers.getSome({ filter: { email: 'compound@example.com', fname: 'nottest' } })).toEqual([]);
  });

  test('a search of a resource with nothing searchable is refused rather than answering everything', async () => {
    await expect(suite.admin.api.user_logs.getSome({ search: { query: 'john' } })).rejects.toMatchObject({
      message: 'Error parsing field search: user_logs cannot be searched',
    });
  });

  test('a malformed search is refused without repeating markup', async () => {
    const { admin } = suite;
    await expect(admin.api.endusers.getSome({ search: 'alert(1)' } as never)).rejects.toMatchObject({
      message: 'Error parsing field search: Expecting an object but got alert(1)',
    });
    const error = await admin.api.endusers.getSome({ search: '<script>alert(1)</script>' } as never).catch((e: Error) => e);
    expect((error as Error).message).toBe('Error parsing field search: Expecting an object but got alert(1)');
  });
});
