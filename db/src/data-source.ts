import { DataSource } from 'typeorm';
import { ENTITY_SCHEMAS } from './entity-schemas';
import { MIGRATIONS } from './migrations';

/**
 * The one DataSource factory. Schema comes from migrations; `synchronize` exists only for
 * throwaway databases (migration generation), never for a database that holds data.
 */
export const createDataSource = (url: string, { poolSize = 20, synchronize = false } = {}) =>
  new DataSource({
    type: 'postgres',
    url,
    entities: ENTITY_SCHEMAS,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize,
    poolSize,
    // A database that does not answer (network cut, host down) fails a request after 10 s instead of
    // holding it forever; the api answers it 503 (api/src/http/database-unavailable.ts).
    connectTimeoutMS: 10_000,
    // Expected failures (uniqueness conflicts) are answered as 400s; unexpected ones are logged by the api's error handler.
    logging: false,
  });

/** Any fixed number: processes starting together (api, worker, test suites) take turns migrating. */
const MIGRATION_LOCK = 727_001;

export const openDataSource = async (url: string, options?: { poolSize?: number }) => {
  const dataSource = createDataSource(url, options);
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'all' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
  return dataSource;
};
