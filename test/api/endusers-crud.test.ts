import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

type Session = Awaited<ReturnType<typeof adminSession>>;

describe('endusers through the generic calls, stored in PostgreSQL', () => {
  let api: RunningApi;
  let sdk: Session;
  let otherTenant: Session;

  beforeAll(async () => {
    api = await startApi();
    sdk = await adminSession(api.host, await createTenant(api.dataSource));
    otherTenant = await adminSession(api.host, await createTenant(api.dataSource));
  });
  afterAll(() => api.stop());

  test('createOne, getOne, getSome, updateOne, deleteOne, then the deleted id is not found', async () => {
    const created = await sdk.api.endusers.createOne({ email: 'Jane.Doe@Example.com', fname: 'jane', phone: '(415) 555-2671', fields: { favouriteColour: 'green' } });
    expect(created).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{24}$/), email: 'jane.doe@example.com', fname: 'Jane', phone: '+14155552671', creator: expect.any(String) });
    expect(created.createdAt).toBeDefined();

    await expect(sdk.api.endusers.getOne(created.id)).resolves.toMatchObject({ id: created.id, email: 'jane.doe@example.com' });
    // getOne with a filter answers the first match.
    await expect(sdk.api.endusers.getOne({ email: 'jane.doe@example.com' })).resolves.toMatchObject({ id: created.id });
    const list = await sdk.api.endusers.getSome();
    expect(list.map((e) => e.id)).toContain(created.id);

    const updated = await sdk.api.endusers.updateOne(created.id, { lname: 'doe', fields: { height: '170cm' } });
    expect(updated).toMatchObject({ lname: 'Doe', fields: { favouriteColour: 'green', height: '170cm' } });
    const replaced = await sdk.api.endusers.updateOne(created.id, { fields: { only: 'this' } }, { replaceObjectFields: true });
    expect(replaced.fields).toEqual({ only: 'this' });

    await sdk.api.endusers.deleteOne(created.id);
    await expect(sdk.api.endusers.getOne(created.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
  });

  test('bad input gets the exact message and changes nothing', async () => {
    const before = await sdk.api.endusers.getSome();
    await expect(sdk.api.endusers.createOne({ email: 'not-an-email' })).rejects.toMatchObject({ message: 'Error parsing field email: Invalid email: not-an-email' });
    await expect(sdk.api.endusers.createOne({ fields: { _notallowed: 'hello' } })).rejects.toMatchObject({
      message: "Error parsing field fields: Fields that start with '_' are not allowed",
    });
    await expect(sdk.api.endusers.createOne({ phone: '12345' })).rejects.toMatchObject({ message: 'Error parsing field phone: Phone number must be at least 10 digits' });
    await expect(sdk.api.endusers.createOne({ gender: 'Robot' } as never)).rejects.toMatchObject({
      message: 'Error parsing field gender: Value must match one of Female, Male, Other, Unknown',
    });
    expect(await sdk.api.endusers.getSome()).toHaveLength(before.length);
  });

  test('another organization can neither read, update nor delete the record', async () => {
    const mine = await sdk.api.endusers.createOne({ fname: 'Private' });
    await expect(otherTenant.api.endusers.getOne(mine.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    await expect(otherTenant.api.endusers.updateOne(mine.id, { fname: 'Hacked' })).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    await expect(otherTenant.api.endusers.deleteOne(mine.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    expect((await otherTenant.api.endusers.getSome()).map((e) => e.id)).not.toContain(mine.id);
    await expect(sdk.api.endusers.getOne(mine.id)).resolves.toMatchObject({ fname: 'Private' });
  });

  test('getSome filters, sorts and pages without skipping or repeating', async () => {
    const tag = `batch-${Date.now()}`;
    const created = [];
    for (let i = 0; i < 7; i++) created.push(await sdk.api.endusers.createOne({ fname: `Pager${i}`, tags: [tag] }));
    const seen: string[] = [];
    let lastId: string | undefined;
    for (;;) {
      const page = await sdk.api.endusers.getSome({ filter: { tags: [tag] }, limit: 3, lastId });
      seen.push(...page.map((e) => e.id));
      if (page.length < 3) break;
      lastId = page[page.length - 1].id;
    }
    expect(seen).toEqual(created.map((e) => e.id).reverse());
    const oldest = await sdk.api.endusers.getSome({ filter: { tags: [tag] }, sort: 'oldFirst', limit: 2 });
    expect(oldest.map((e) => e.fname)).toEqual(['Pager0', 'Pager1']);
    const searched = await sdk.api.endusers.getSome({ search: { query: 'pager3' } });
    expect(searched.map((e) => e.id)).toEqual([created[3].id]);
  });

  test('a search pages newest first alike whether the newest rows fill the page (the walk) or not (the trigram index)', async () => {
    // engine/src/search-page.ts: a page of 3 among the newest rows is the walk's answer; the last page
    // (1 of 3) and a term matching nothing fall back to the trigram index. Same order either way.
    const token = `walkpage${Date.now()}`;
    const created = [];
    for (let i = 0; i < 7; i++) {
      created.push(await sdk.api.endusers.createOne({ fname: `${token}x${i}` }));
      await sdk.api.endusers.createOne({ fname: `Other${i}` });
    }
    const seen: string[] = [];
    let lastId: string | undefined;
    for (;;) {
      const page = await sdk.api.endusers.getSome({ search: { query: token.toUpperCase() }, limit: 3, lastId });
      seen.push(...page.map((e) => e.id));
      if (page.length < 3) break;
      lastId = page[page.length - 1].id;
    }
    expect(seen).toEqual(created.map((e) => e.id).reverse());
    const oldest = await sdk.api.endusers.getSome({ search: { query: token }, sort: 'oldFirst', limit: 2 });
    expect(oldest.map((e) => e.id)).toEqual([created[0].id, created[1].id]);
    expect(await sdk.api.endusers.getSome({ search: { query: `${token}-none` }, limit: 3 })).toEqual([]);
    // The same page as the staff app asks it (list-endusers answers PostgreSQL's JSON).
    const response = await fetch(`${api.host}/v1/list-endusers?${new URLSearchParams({ search: JSON.stringify({ query: token }), limit: '3', sort: 'newFirst' })}`, {
      headers: { Authorization: `Bearer ${sdk.authToken}` },
    });
    expect(((await response.json()) as { id: string }[]).map((e) => e.id)).toEqual(created.slice(4).map((e) => e.id).reverse());
  });
});
