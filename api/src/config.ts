import { ConfigError, readChoice, readInteger, readOptionalString, readOptionalUrl, readPort, readString, readUrl } from '@carelane/db';
import { readIntegrationsConfig, type IntegrationsConfig } from './actions/integrations/config';
import { readInboundConfig, type InboundConfig } from './inbound/config';

/** The api process's configuration, read once from the environment and checked at start. */
export interface ApiConfig {
  port: number;
  databaseUrl: string;
  jwtSecret: string;
  sessionSeconds: number;
  redisUrl?: string;
  /** How often a realtime socket's token is checked again (logout, password or role change close it). */
  realtimeRevalidateSeconds: number;
  /** A realtime socket with more unsent bytes than this is too slow to keep up and is closed. */
  realtimeMaxBufferedBytes: number;
  temporal: { address: string; namespace: string; taskQueue: string };
  portalUrl: string;
  /** Outgoing mail: SMTP when SMTP_URL is set, otherwise the database outbox. */
  mail: { smtpUrl?: string; from: string };
  /** How long a password reset link stays usable. */
  passwordResetSeconds: number;
  /** Express `trust proxy`: set when the api runs behind a load balancer, so rate limits see the client's address. */
  trustProxy: boolean;
  mode: 'development' | 'production' | 'test';
  /** DEV_MAILBOX=true: serve GET /dev/mailbox to root Admins (never with NODE_ENV=production). */
  devMailbox: boolean;
  /** Files: local disk (FILES_DIR) unless S3_BUCKET is set. */
  storage: { dir: string; s3?: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string } };
  /** Public base URL of this api for upload targets and download links; by default taken from each request's Host. */
  publicUrl?: string;
  /** First start: the default organization and its Admin, created when ADMIN_EMAIL and ADMIN_PASSWORD are set. */
  bootstrap?: { organizationName: string; subdomain: string; adminEmail: string; adminPassword: string };
  /** Outside services of the integration and payment calls (Twilio Voice, Stripe, OAuth2 providers). */
  integrations: IntegrationsConfig;
  /** Incoming texts and email replies (api/src/inbound). */
  inbound: InboundConfig;
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

const readStorage = (env: NodeJS.ProcessEnv): ApiConfig['storage'] => {
  const dir = readString(env, 'FILES_DIR', '.data/files');
  const bucket = readOptionalString(env, 'S3_BUCKET');
  if (!bucket) return { dir };
  return {
    dir,
    s3: {
      bucket,
      region: readString(env, 'S3_REGION', 'us-east-1'),
      endpoint: readOptionalUrl(env, 'S3_ENDPOINT', ['http', 'https']),
      accessKeyId: readOptionalString(env, 'S3_ACCESS_KEY_ID'),
      secretAccessKey: readOptionalString(env, 'S3_SECRET_ACCESS_KEY'),
    },
  };
};

const readMailFrom = (env: NodeJS.ProcessEnv) => {
  const from = readString(env, 'MAIL_FROM', 'Carelane <no-reply@carelane.invalid>');
  const address = from.match(/<([^>]+)>\s*$/)?.[1] ?? from;
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address.trim())) throw new ConfigError('MAIL_FROM must be an email address, optionally as "Name <address>"');
  return from;
};

/**
 * The development mailbox shows every sign-in link and reset token of a business, so it is off unless
 * asked for, and asking for it in production stops the api at start rather than being ignored.
 */
const readDevMailbox = (env: NodeJS.ProcessEnv, mode: ApiConfig['mode']) => {
  const on = readChoice(env, 'DEV_MAILBOX', ['true', 'false'] as const, 'false') === 'true';
  if (on && mode === 'production') throw new ConfigError('DEV_MAILBOX is for development and tests; it cannot be set in production');
  return on;
};

export const loadApiConfig = (env: NodeJS.ProcessEnv = process.env): ApiConfig => {
  const jwtSecret = readString(env, 'JWT_SECRET');
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const mode = readChoice(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  return {
    port: readPort(env, 'API_PORT', 8080),
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    jwtSecret,
    sessionSeconds: readInteger(env, 'SESSION_SECONDS', 12 * 60 * 60, { min: 60, max: 30 * 24 * 60 * 60 }),
    redisUrl: readOptionalUrl(env, 'REDIS_URL', ['redis', 'rediss']),
    realtimeRevalidateSeconds: readInteger(env, 'REALTIME_REVALIDATE_SECONDS', 30, { min: 1, max: 3600 }),
    realtimeMaxBufferedBytes: readInteger(env, 'REALTIME_MAX_BUFFERED_BYTES', 4 * 1024 * 1024, { min: 16 * 1024, max: 256 * 1024 * 1024 }),
    temporal: {
      address: readString(env, 'TEMPORAL_ADDRESS', '127.0.0.1:7233'),
      namespace: readString(env, 'TEMPORAL_NAMESPACE', 'default'),
      taskQueue: readString(env, 'TEMPORAL_TASK_QUEUE', 'carelane'),
    },
    portalUrl: readUrl(env, 'PORTAL_URL', ['http', 'https'], 'http://localhost:3030'),
    mail: {
      smtpUrl: readOptionalUrl(env, 'SMTP_URL', ['smtp', 'smtps']),
      from: readMailFrom(env),
    },
    passwordResetSeconds: readInteger(env, 'PASSWORD_RESET_SECONDS', 60 * 60, { min: 60, max: 7 * 24 * 60 * 60 }),
    trustProxy: readChoice(env, 'TRUST_PROXY', ['true', 'false'] as const, 'false') === 'true',
    mode,
    devMailbox: readDevMailbox(env, mode),
    storage: readStorage(env),
    publicUrl: readOptionalUrl(env, 'API_PUBLIC_URL', ['http', 'https'])?.replace(/\/$/, ''),
    bootstrap: readBootstrap(env),
    integrations: readIntegrationsConfig(env),
    inbound: readInboundConfig(env, mode),
  };
};
