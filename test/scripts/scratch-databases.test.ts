import { dropDatabase } from '@carelane/db';
import { databaseUrl, providePostgres, scratchDatabaseUrl } from '../../scripts/services/postgres';
import { testEnv } from '../support/env';

describe('which database a run uses', () => {
  const previous = process.env.DATABASE_URL;
  afterEach(() => {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  });

  test('npm start uses DATABASE_URL as given; test and bench runs make a scratch database beside it, never that one', async () => {
    const own = new URL(testEnv().databaseUrl);
    own.pathname = '/carelane_operator_db';
    process.env.DATABASE_URL = own.toString();
    const postgres = await providePostgres();
    expect(postgres.source).toBe('DATABASE_URL');

    const platform = await databaseUrl(postgres, 'carelane');
    expect(new URL(platform).pathname).toBe('/carelane_operator_db');

    const scratch = await scratchDatabaseUrl(postgres, 'carelane_bench');
    expect(new URL(scratch).pathname).toMatch(/^\/carelane_bench_\d+_\d+$/);
    expect(new URL(scratch).host).toBe(own.host);
    await dropDatabase(scratch);
    await dropDatabase(platform);
  });
});
