import type { Logger, QueryRunner } from 'typeorm';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

/**
 * A create that nothing writes beside its own row runs as one statement, without BEGIN and COMMIT
 * (issue 20: createOne's round trips); one whose hooks write (an enduser added to journeys records
 * engagement events) keeps its transaction, so the row and what follows from it commit together.
 */
describe('creates and their transactions', () => {
  let api: RunningApi;
  const statements: string[] = [];
  beforeAll(async () => {
    api = await startApi();
    // Every statement the api's pool runs (TypeORM hands each to its logger, printing or not).
    const logger = api.dataSource.logger;
    api.dataSource.logger = new Proxy(logger, {
      get: (target, key) =>
        key === 'logQuery'
          ? (query: string, parameters?: unknown[], runner?: QueryRunner) => {
              statements.push(query);
              return target.logQuery(query, parameters, runner);
            }
          : Reflect.get(target, key),
    }) as Logger;
  });
  afterAll(async () => {
    await api?.stop();
  });

  const transactionsDuring = async (work: () => Promise<unknown>) => {
    statements.length = 0;
    await work();
    return statements.filter((query) => /^(START TRANSACTION|BEGIN)/i.test(query.trim())).length;
  };

  test('an enduser without journeys: one statement; with journeys: one transaction, its engagement event with it', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const journey = await sdk.api.journeys.createOne({ title: 'Onboarding', defaultState: 'New' });

    let plain: { id: string } | undefined;
    expect(await transactionsDuring(async () => (plain = await sdk.api.endusers.createOne({ fname: 'Plain' })))).toBe(0);
    expect((await sdk.api.endusers.getOne(plain!.id)).fname).toBe('Plain');

    let joined: { id: string } | undefined;
    expect(await transactionsDuring(async () => (joined = await sdk.api.endusers.createOne({ fname: 'Joined', journeys: { [journey.id]: 'New' } })))).toBe(1);
    const events = await sdk.api.engagement_events.getSome({ filter: { enduserId: joined!.id } });
    expect(events.map((event) => event.type)).toEqual(['JOURNEY_SET']);
  });

  test('a create refused by its own statement leaves nothing behind, as inside a transaction', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const first = await sdk.api.journeys.createOne({ title: 'Care loop' });
    const logged = async () =>
      (await api.dataSource.query('SELECT count(*)::int AS count FROM user_logs WHERE "businessId" = $1 AND resource = $2', [first.businessId, 'journeys']))[0].count as number;
    const before = await logged();
    // A journey's title is unique in its business (docs/contract/validation.md#uniqueness): the INSERT itself fails, with no transaction around it.
    expect(await transactionsDuring(() => expect(sdk.api.journeys.createOne({ title: 'Care loop' })).rejects.toMatchObject({ message: 'Uniqueness Violation' }))).toBe(0);
    expect(await logged()).toBe(before);
    expect(await sdk.api.journeys.getSome({ filter: { title: 'Care loop' } })).toHaveLength(1);
  });
});
