import { ConfigError } from '@carelane/db';
import { loadApiConfig } from './config';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/carelane', JWT_SECRET: 'x'.repeat(32) };

describe('api configuration', () => {
  test('defaults to port 8080 and the local Temporal dev server', () => {
    const config = loadApiConfig(base);
    expect(config.port).toBe(8080);
    expect(config.temporal).toEqual({ address: '127.0.0.1:7233', namespace: 'default', taskQueue: 'carelane' });
  });

  test('a bad value stops the process with a message naming the variable', () => {
    expect(() => loadApiConfig({ ...base, API_PORT: 'eighty' })).toThrow(new ConfigError("API_PORT must be a port number between 1 and 65535, got 'eighty'"));
    expect(() => loadApiConfig({ ...base, DATABASE_URL: 'mysql://localhost/x' })).toThrow(/DATABASE_URL must use postgres or postgresql/);
    expect(() => loadApiConfig({ ...base, JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
    expect(() => loadApiConfig({ DATABASE_URL: base.DATABASE_URL })).toThrow('JWT_SECRET is required');
  });
});
