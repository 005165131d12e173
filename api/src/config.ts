import { ConfigError, readChoice, readInteger, readOptionalString, readOptionalUrl, readPort, readString, readUrl } from '@carelane/db';

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
  /** First start: the default organization and its Admin, created when ADMIN_EMAIL and ADMIN_PASSWORD are set. */
  bootstrap?: { organizationName: string; subdomain: string; adminEmail: string; adminPassword: string };
}

const readBootstrap = (env: NodeJS.ProcessEnv): ApiConfig['bootstrap'] => {
  const adminEmail = readOptionalString(env, 'ADMIN_EMAIL');
  const adminPassword = readOptionalString(env, 'ADMIN_PASSWORD');
  if (!adminEmail && !adminPassword) return undefined;
  if (!adminEmail || !adminPassword) throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  return {
    adminEmail,
    adminPassword,
    organizationName: readString(env, 'DEFAULT_ORGANIZATION_NAME', 'Carelane Demo Clinic'),
    subdomain: readString(env, 'DEFAULT_ORGANIZATION_SUBDOMAIN', 'demo'),
  };
};

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
    bootstrap: readBootstrap(env),
  };
};
