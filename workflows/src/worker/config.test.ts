import { loadWorkerConfig } from './config';

describe('worker configuration', () => {
  test('reads the database and Temporal settings, with a clear error for a bad URL', () => {
    expect(loadWorkerConfig({ DATABASE_URL: 'postgres://127.0.0.1/carelane', TEMPORAL_TASK_QUEUE: 'q' }).temporal.taskQueue).toBe('q');
    expect(() => loadWorkerConfig({ DATABASE_URL: 'not a url' })).toThrow("DATABASE_URL must be a URL (postgres or postgresql), got 'not a url'");
  });

  test('bounds the workflow cache: 200 by default, TEMPORAL_MAX_CACHED_WORKFLOWS overrides, nonsense refused', () => {
    const base = { DATABASE_URL: 'postgres://127.0.0.1/carelane' };
    expect(loadWorkerConfig(base).maxCachedWorkflows).toBe(200);
    expect(loadWorkerConfig({ ...base, TEMPORAL_MAX_CACHED_WORKFLOWS: '50' }).maxCachedWorkflows).toBe(50);
    expect(() => loadWorkerConfig({ ...base, TEMPORAL_MAX_CACHED_WORKFLOWS: '0' })).toThrow("TEMPORAL_MAX_CACHED_WORKFLOWS must be a whole number from 1 to 100000, got '0'");
  });
});
