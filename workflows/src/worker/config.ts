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
  /**
   * How many workflow executions the worker keeps in memory between tasks (TEMPORAL_MAX_CACHED_WORKFLOWS).
   * Temporal's default grows with the heap limit (about 2,300 on a 4 GB heap, roughly 1 MB each), and a
   * journey stays open waiting for signals for as long as the enduser is on it, so every enrolment would
   * stay cached until that cap: the worker's memory would climb by a megabyte per journey for hours. An
   * evicted execution is replayed from its history on its next task (a timer or a signal), which is
   * cheap for a journey's short history.
   */
  maxCachedWorkflows: number;
}

/** TEMPORAL_MAX_CACHED_WORKFLOWS unless set (see WorkerConfig.maxCachedWorkflows). */
export const DEFAULT_MAX_CACHED_WORKFLOWS = 200;

/** Database connections of the worker process; createWorker runs at most half as many activities, and a quarter as trigger actions, at once. */
export const WORKER_POOL_SIZE = 20;

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
    maxCachedWorkflows: readInteger(env, 'TEMPORAL_MAX_CACHED_WORKFLOWS', DEFAULT_MAX_CACHED_WORKFLOWS, { min: 1, max: 100_000 }),
  };
};
