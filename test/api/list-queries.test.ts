import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

type Session = Awaited<ReturnType<typeof adminSession>>;

describe('getSome: filter operators, nested fields, windows, sortBy paging and limits', () => {
  let api: RunningApi;
  let sdk: Session;
  const ids: Record<string, string> = {};
  let startedAt: Date;

  beforeAll(async () => {
    api = await startApi();
    sdk = await adminSession(api.host, await createTenant(api.dataSource));
    startedAt = new Date();
    const people = [
      { fname: 'Ann', tags: ['vip', 'new'], fields: { score: 10, plan: 'gold' }, gender: 'Female' },
      { fname: 'Bob', tags: ['new'], fields: { score: 20, plan: 'silver' }, gender: 'Male' },
      { fname: 'Cy', tags: [], fields: { score: 30 } },
    ] as const;
    for (const person of people) ids[person.fname] = (await sdk.api.endusers.createOne(person as never)).id;
  });
  afterAll(() => api.stop());

  const names = async (options: Record<string, unknown>) =>
    (await sdk.api.endusers.getSome({ ...options, filter: { ...(options.filter as object), _id: { _in: Object.values(ids) } } } as never)).map((e) => e.fname).sort();

  test('equality, _ne, _in, _nin, _exists on top-level fields', async () => {
    expect(await names({ filter: { fname: 'Ann' } })).toEqual(['Ann']);
    expect(await names({ filter: { gender: { _ne: 'Male' } } })).toEqual(['Ann', 'Cy']);
    expect(await names({ filter: { fname: { _in: ['Ann', 'Cy'] } } })).toEqual(['Ann', 'Cy']);
    expect(await names({ filter: { fname: { _nin: ['Ann'] } } })).toEqual(['Bob', 'Cy']);
    expect(await names({ filter: { gender: { _exists: false } } })).toEqual(['Cy']);
  });

  test('nested fields and comparison operators, arrays with _all', async () => {
    expect(await names({ filter: { 'fields.plan': 'gold' } })).toEqual(['Ann']);
    expect(await names({ filter: { 'fields.score': { _gt: 10 } } })).toEqual(['Bob', 'Cy']);
    expect(await names({ filter: { 'fields.score': { _gte: 10, _lt: 30 } } })).toEqual(['Ann', 'Bob']);
    expect(await names({ filter: { 'fields.score': { _lte: 10 } } })).toEqual(['Ann']);
    expect(await names({ filter: { 'fields.plan': { _exists: true } } })).toEqual(['Ann', 'Bob']);
    expect(await names({ filter: { tags: { _all: ['vip', 'new'] } } })).toEqual(['Ann']);
    expect(await names({ filter: { tags: ['new'] } })).toEqual(['Ann', 'Bob']);
  });

  test('from/to window on createdAt', async () => {
    expect(await names({ from: startedAt.toISOString() })).toEqual(['Ann', 'Bob', 'Cy']);
    expect(await names({ to: new Date(startedAt.getTime() - 60_000).toISOString() })).toEqual([]);
  });

  test('sortBy updatedAt pages in update order without skipping or repeating', async () => {
    await sdk.api.endusers.updateOne(ids.Ann, { lname: 'Latest' });
    const seen: string[] = [];
    let lastId: string | undefined;
    for (;;) {
      const page = await sdk.api.endusers.getSome({ sortBy: 'updatedAt', limit: 1, lastId, filter: { _id: { _in: Object.values(ids) } } } as never);
      seen.push(...page.map((e) => e.fname!));
      if (page.length < 1) break;
      lastId = page[0].id;
    }
    expect(seen).toEqual(['Ann', 'Cy', 'Bob']);
  });

  test('bad list parameters get a clear 400', async () => {
    await expect(sdk.api.endusers.getSome({ sort: 'sideways' } as never)).rejects.toMatchObject({ message: 'Error parsing field sort: Value must match one of newFirst, oldFirst' });
    await expect(sdk.api.endusers.getSome({ filter: { notAField: 1 } } as never)).rejects.toMatchObject({ message: 'Error parsing field filter: Unknown field notAField' });
    await expect(sdk.api.endusers.getSome({ lastId: 'nope' } as never)).rejects.toMatchObject({ message: 'Error parsing field lastId: Invalid id' });
    const response = await fetch(`${api.host}/v1/endusers?filter=${encodeURIComponent('{bad json')}`, { headers: { Authorization: `Bearer ${sdk.authToken}` } });
    expect(response.status).toBe(400);
  });

  test('a limit above 1000 is capped, and an oversized body gets 413 with the client wording', async () => {
    expect((await sdk.api.endusers.getSome({ limit: 5000 } as never)).length).toBeLessThanOrEqual(1000);
    const response = await fetch(`${api.host}/v1/enduser`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sdk.authToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fname: 'Big', notes: 'x'.repeat(27 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: 'Please try again with less data or a smaller file.' });
  });
});
