import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '@carelane/activities';

/**
 * The worker takes no more activity tasks at once than its database pool can serve. A sending
 * activity holds two connections at once (its transaction, and the send-once ledger that commits
 * outside it), so at most half the pool runs: with more, every connection could be a transaction
 * waiting for a second one. With Temporal's default (100), a burst such as 1,000 endusers added to a
 * journey queued a hundred activities on a pool of 5-20: under load they waited out the pool's 10 s
 * connection timeout, failed and were retried with backoff, and an api sharing the pool starved.
 * Tasks beyond the limit simply wait in Temporal's queue, where waiting costs nothing.
 */
const activitySlots = (dataSource: ActivityDeps['dataSource']) => Math.max(1, Math.floor(Number(dataSource.options.poolSize ?? 10) / 2));

/** Builds the Temporal worker hosting every workflow (one index module) and activity. */
export const createWorker = async (
  options: ActivityDeps & {
    address: string;
    namespace: string;
    taskQueue: string;
    overrides?: Partial<WorkerOptions>;
  }
) => {
  const { address, namespace, taskQueue, overrides, ...deps } = options;
  const connection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection,
    namespace,
    taskQueue,
    workflowsPath: require.resolve('@carelane/workflows'),
    activities: createActivities(deps),
    maxConcurrentActivityTaskExecutions: activitySlots(deps.dataSource),
    ...overrides,
  });
  return { worker, connection };
};
