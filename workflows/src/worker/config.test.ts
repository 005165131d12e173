import { loadWorkerConfig } from './config';

describe('worker configuration', () => {
  test('reads the database and Temporal settings, with a clear error for a bad URL', () => {
    expect(loadWorkerConfig({ DATABASE_URL: 'postgres://127.0.0.1/carelane', TEMPORAL_TASK_QUEUE: 'q' }).temporal.taskQueue).toBe('q');
    expect(() => loadWorkerConfig({ DATABASE_URL: 'not a url' })).toThrow("DATABASE_URL must be a URL (postgres or postgresql), got 'not a url'");
  });
});
