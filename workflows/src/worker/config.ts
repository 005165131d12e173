import { ConfigError, readChoice, readInteger, readOptionalUrl, readString, readUrl } from '@carelane/db';

/** The worker process's configuration, read once from the environment and checked at start. */
export interface WorkerConfig {
  databaseUrl: string;
  temporal: { address: string; namespace: string; taskQueue: string };
  /** Outgoing mail: SMTP when SMTP_URL is set, otherwise the database channel (development mailbox). */
  mail: { smtpUrl?: string; from: string };
  /**
   * Automation webhooks: each attempt's time limit, and whether loopback, private and link-local
   * targets are allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS=true; refused in production).
   */
  webhooks: { timeoutMs: number; allowPrivateTargets: boolean };
}

export const loadWorkerConfig = (env: NodeJS.ProcessEnv = process.env): WorkerConfig => {
  const allowPrivateTargets = readChoice(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', ['true', 'false'] as const, 'false') === 'true';
  if (allowPrivateTargets && env.NODE_ENV === 'production') {
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE_TARGETS is for development and tests; it cannot be set in production');
  }
  return {
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    temporal: {
      address: readString(env, 'TEMPORAL_ADDRESS', '127.0.0.1:7233'),
      namespace: readString(env, 'TEMPORAL_NAMESPACE', 'default'),
      taskQueue: readString(env, 'TEMPORAL_TASK_QUEUE', 'carelane'),
    },
    mail: {
      smtpUrl: readOptionalUrl(env, 'SMTP_URL', ['smtp', 'smtps']),
      from: readString(env, 'MAIL_FROM', 'Carelane <no-reply@carelane.invalid>'),
    },
    webhooks: {
      timeoutMs: readInteger(env, 'WEBHOOK_TIMEOUT_MS', 10_000, { min: 100, max: 60_000 }),
      allowPrivateTargets,
    },
  };
};
