import { readString, readUrl } from '@carelane/db';

/** The worker process's configuration, read once from the environment and checked at start. */
export interface WorkerConfig {
  databaseUrl: string;
  temporal: { address: string; namespace: string; taskQueue: string };
}

export const loadWorkerConfig = (env: NodeJS.ProcessEnv = process.env): WorkerConfig => ({
  databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres', 'postgresql']),
  temporal: {
    address: readString(env, 'TEMPORAL_ADDRESS', '127.0.0.1:7233'),
    namespace: readString(env, 'TEMPORAL_NAMESPACE', 'default'),
    taskQueue: readString(env, 'TEMPORAL_TASK_QUEUE', 'carelane'),
  },
});
