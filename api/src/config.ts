import { ConfigError, readChoice, readInteger, readOptionalUrl, readPort, readString, readUrl } from '@carelane/db';

/** The api process's configuration, read once from the environment and checked at start. */
export interface ApiConfig {
  port: number;
  databaseUrl: string;
  jwtSecret: string;
  sessionSeconds: number;
  redisUrl?: string;
  temporal: { address: string; namespace: string; taskQueue: string };
  portalUrl: string;
  mode: 'development' | 'production' | 'test';
}

export const loadApiConfig = (env: NodeJS.ProcessEnv = process.env): ApiConfig => {
  const jwtSecret = readString(env, 'JWT_SECRET');
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  return {
    port: readPort(env, 'API_PORT', 8080),
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    jwtSecret,
    sessionSeconds: readInteger(env, 'SESSION_SECONDS', 12 * 60 * 60, { min: 60, max: 30 * 24 * 60 * 60 }),
    redisUrl: readOptionalUrl(env, 'REDIS_URL', ['redis', 'rediss']),
    temporal: {
      address: readString(env, 'TEMPORAL_ADDRESS', '127.0.0.1:7233'),
      namespace: readString(env, 'TEMPORAL_NAMESPACE', 'default'),
      taskQueue: readString(env, 'TEMPORAL_TASK_QUEUE', 'carelane'),
    },
    portalUrl: readUrl(env, 'PORTAL_URL', ['http', 'https'], 'http://localhost:3030'),
    mode: readChoice(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development'),
  };
};
