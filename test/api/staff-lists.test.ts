import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

type Session = Awaited<ReturnType<typeof adminSession>>;

/**
 * The staff app's list calls (issue 32): GET /list-endusers sorts by any column with records lacking
 * the value last and pages by lastId; POST /import-endusers writes the good rows and refuses the bad
 * ones with the engine's messages, writing nothing for them; GET /task-queue merges open tickets and
 * tasks; saved views are enduser_views records.
 */
describe('staff lists: patients, import, task queue, saved views', () => {
  let api: RunningApi;
  let sdk: Session;

  beforeAll(async () => {
    api = await startApi();
    sdk = await adminSession(api.host, await createTenant(api.dataSource));
  });
  afterAll(() => api.stop());

  const list = (query: Record<string, unknown>) => sdk.GET<Record<string, unknown>, { id: string; fname?: string; lname?: string }[]>('/v1/list-endusers', query);

  test('sorts by last name either way, one last name\'s patients by first name, those without one last, and pages without skipping or repeating', async () => {
    const tag = `sort-${Date.now()}`;
    // Two Bakers added in the reverse of their first names' order: the list still reads Di before Ed.
    const people = [{ fname: 'Ann', lname: 'Cole' }, { fname: 'Bo', lname: 'adams' }, { fname: 'Cy' }, { fname: 'Ed', lname: 'Baker' }, { fname: 'Di', lname: 'Baker' }];
    for (const person of people) await sdk.api.endusers.createOne({ ...person, tags: [tag] } as never);
    const filter = JSON.stringify({ tags: { _all: [tag] } });
    const walk = async (sort: string) => {
      const seen: string[] = [];
      let lastId: string | undefined;
      for (;;) {
        const page = await list({ filter, sortBy: 'lname', sort, limit: 2, ...(lastId ? { lastId } : {}) });
        seen.push(...page.map((person) => person.fname!));
        if (page.length < 2) return seen;
        lastId = page[page.length - 1]!.id;
      }
    };
    const ascending = await walk('oldFirst');
    expect(ascending).toEqual(['Bo', 'Di', 'Ed', 'Ann', 'Cy']);
    const descending = await walk('newFirst');
    expect(descending).toEqual(['Ann', 'Ed', 'Di', 'Bo', 'Cy']);
    // Without a sort, newest first: the last one added leads page one.
    expect((await list({ filter, limit: 1 }))[0]!.fname).toBe('Di');
    await expect(list({ sortBy: 'hashedPassword' })).rejects.toMatchObject({ message: expect.stringContaining('Value must match one of fname, lname') });
  });

  test('an import writes the good rows and refuses the bad ones with the engine\'s message, writing nothing for them', async () => {
    const tag = `import-${Date.now()}`;
    const rows = [
      { fname: 'Good', lname: 'One', email: `good1-${tag}@example.com`, tags: [tag] },
      { fname: 'Bad', lname: 'Email', email: 'not-an-email', tags: [tag] },
      { fname: 'Good', lname: 'Two', phone: '+15555550123', tags: [tag] },
      { fname: 'Bad', lname: 'Phone', phone: 'call me', tags: [tag] },
      { fname: 'Bad', lname: 'Field', favouriteColour: 'blue', tags: [tag] },
    ];
    const { results } = await sdk.POST<unknown, { results: { row: number; id?: string; message?: string }[] }>('/v1/import-endusers', { rows });
    expect(results.map((result) => result.row)).toEqual([1, 2, 3, 4, 5]);
    expect(results.filter((result) => result.id)).toHaveLength(2);
    const refused = results.filter((result) => result.message);
    expect(refused.map((result) => result.row)).toEqual([2, 4, 5]);
    for (const result of refused) expect(result.message).toMatch(/^Error parsing field (email|phone)|favouriteColour/);
    const written = await sdk.api.endusers.getSome({ filter: { tags: { _all: [tag] } } } as never);
    expect(written.map((person) => person.lname).sort()).toEqual(['One', 'Two']);
    await expect(sdk.POST('/v1/import-endusers', { rows: Array.from({ length: 101 }, () => ({})) })).rejects.toMatchObject({ message: expect.stringContaining('100') });
    // A full call's rows are written several at once, yet newest first is still the file's order
    // read backwards: the ids are drawn in row order before anything is written.
    const many = Array.from({ length: 100 }, (_, index) => ({ fname: `Row${index + 1}`, tags: [`${tag}-many`] }));
    const whole = await sdk.POST<unknown, { results: { row: number; id: string }[] }>('/v1/import-endusers', { rows: many });
    const ids = whole.results.map((result) => result.id);
    expect([...ids].sort()).toEqual(ids);
    const newest = await sdk.GET<Record<string, unknown>, { fname?: string }[]>('/v1/list-endusers', { filter: JSON.stringify({ tags: { _all: [`${tag}-many`] } }), limit: 3 });
    expect(newest.map((person) => person.fname)).toEqual(['Row100', 'Row99', 'Row98']);
  });

  test('the task queue merges open tickets and tasks by due date, mine and unassigned, and pages both', async () => {
    const me = sdk.userInfo.id;
    const hour = 3_600_000;
    const base = Date.now() + 10 * hour;
    const t1 = await sdk.api.tickets.createOne({ title: 'Ticket due 1', dueDateInMS: base + hour, owner: me } as never);
    // Staff tasks are ours (the reference client has no such resource): created through the generic route.
    const k2 = await sdk.POST<unknown, { id: string }>('/v1/task', { text: 'Task due 2', dueDate: new Date(base + 2 * hour).toISOString(), assignedTo: me });
    const t3 = await sdk.api.tickets.createOne({ title: 'Ticket due 3', dueDateInMS: base + 3 * hour } as never);
    const t4 = await sdk.api.tickets.createOne({ title: 'Ticket no due', priority: 1 } as never);
    const closed = await sdk.api.tickets.createOne({ title: 'Closed one', dueDateInMS: base } as never);
    await sdk.api.tickets.updateOne(closed.id, { closedAt: new Date().toISOString(), closedForReason: 'Done' } as never);
    type Page = { items: { id: string; title: string; kind: string }[]; next: Record<string, string> | null };
    const queue = (query: Record<string, unknown>) => sdk.GET<Record<string, unknown>, Page>('/v1/task-queue', query);
    const ours = new Set([t1.id, k2.id, t3.id, t4.id, closed.id]);
    const titles = (page: Page) => page.items.filter((item) => ours.has(item.id)).map((item) => item.title);
    expect(titles(await queue({ queue: 'all', limit: '200' }))).toEqual(['Ticket due 1', 'Task due 2', 'Ticket due 3', 'Ticket no due']);
    expect(titles(await queue({ queue: 'mine', limit: '200' }))).toEqual(['Ticket due 1', 'Task due 2']);
    expect(titles(await queue({ queue: 'unassigned', limit: '200' }))).toEqual(['Ticket due 3', 'Ticket no due']);
    expect(titles(await queue({ queue: 'all', sortBy: 'priority', limit: '200' }))[0]).toBe('Ticket no due');
    // Page by two through the whole queue: every open item once, in the same order as one page.
    const whole = (await queue({ queue: 'all', limit: '200' })).items.map((item) => item.id);
    const paged: string[] = [];
    let next: Record<string, string> | null = {};
    while (next) {
      const page: Page = await queue({ queue: 'all', limit: '2', ...next });
      paged.push(...page.items.map((item) => item.id));
      next = page.next;
    }
    expect(paged).toEqual(whole);
    await expect(queue({ queue: 'everyone' })).rejects.toMatchObject({ message: 'Error parsing field queue: Value must match one of mine, unassigned, all' });
  });

  test('a saved view keeps its columns and filter', async () => {
    const view = await sdk.api.enduser_views.createOne({ title: `VIPs ${Date.now()}`, fields: ['name', 'tags'], filter: { tag: 'vip', sort: 'name', dir: 'asc' } } as never);
    const read = await sdk.api.enduser_views.getOne(view.id);
    expect(read).toMatchObject({ fields: ['name', 'tags'], filter: { tag: 'vip', sort: 'name', dir: 'asc' } });
    await expect(sdk.api.enduser_views.createOne({ title: read.title, fields: [] } as never)).rejects.toMatchObject({ message: 'Uniqueness Violation' });
  });
});
