import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { triggerTaskQueue } from '@carelane/automation';
import { createActivities, type ActivityDeps } from '@carelane/activities';
import { workflowCode } from './workflow-code';

/**
 * The worker takes no more activity tasks at once than its database pool can serve. A sending
 * activity holds two connections at once (its transaction, and the send-once ledger that commits
 * outside it), so at most half the pool runs: with more, every connection could be a transaction
 * waiting for a second one. With Temporal's default (100), a burst such as 1,000 endusers added to a
 * journey queued a hundred activities on a pool of 5-20: under load they waited out the pool's 10 s
 * connection timeout, failed and were retried with backoff, and an api sharing the pool starved.
 * Tasks beyond the limit simply wait in Temporal's queue, where waiting costs nothing.
 */
const poolSize = (dataSource: ActivityDeps['dataSource']) => Number(dataSource.options.poolSize ?? 10);
const activitySlots = (dataSource: ActivityDeps['dataSource']) => Math.max(1, Math.floor(poolSize(dataSource) / 2));
/**
 * A trigger's action is a local activity on the trigger worker: one transaction, one connection,
 * given back when it ends. Beyond the activities' half it can only make a send wait for its second
 * connection a moment, never hold it for good, so it gets a quarter of the pool (at least 2) of its own.
 */
const triggerSlots = (dataSource: ActivityDeps['dataSource']) => Math.max(2, Math.floor(poolSize(dataSource) / 4));
/** Trigger runs are short (one local activity, a few signals): few at once, each finished before the next. */
const TRIGGER_WORKFLOW_SLOTS = 10;

/**
 * On shutdown, activities in flight get SHUTDOWN_GRACE to finish before they are cancelled; one that
 * ignores its cancellation (a webhook or SMTP call waiting out its own timeout) is abandoned after
 * SHUTDOWN_FORCE, and Temporal retries it on another worker (activities are idempotent). So a worker
 * stops within seconds, inside the 10 s a supervisor gives it (docs/decisions.md "Stopping cleanly").
 */
const SHUTDOWN_GRACE = '2 seconds';
const SHUTDOWN_FORCE = '6 seconds';

/** The process's Temporal workers (the platform's queue and the triggers' own), run and stopped together. */
export interface PlatformWorker {
  run(): Promise<void>;
  shutdown(): void;
}

/**
 * Builds the Temporal workers hosting every workflow (one index module, bundled once) and activity:
 * one on `taskQueue`, one on its trigger queue (@carelane/automation task-queues.ts).
 */
export const createWorker = async (
  options: ActivityDeps & {
    address: string;
    namespace: string;
    taskQueue: string;
    /** For the platform queue's worker. */
    overrides?: Partial<WorkerOptions>;
  }
) => {
  const { address, namespace, taskQueue, overrides, ...deps } = options;
  const connection = await NativeConnection.connect({ address });
  const workflowBundle = await workflowCode();
  const activities = createActivities(deps);
  const platform = await Worker.create({
    connection,
    namespace,
    taskQueue,
    workflowBundle,
    activities,
    maxConcurrentActivityTaskExecutions: activitySlots(deps.dataSource),
    // Only trigger runs an api of an earlier release started on this queue (during an upgrade) run local activities here.
    maxConcurrentLocalActivityExecutions: 1,
    shutdownGraceTime: SHUTDOWN_GRACE,
    shutdownForceTime: SHUTDOWN_FORCE,
    ...overrides,
  });
  const triggers = await Worker.create({
    connection,
    namespace,
    taskQueue: triggerTaskQueue(taskQueue),
    workflowBundle,
    activities,
    enableNonLocalActivities: false,
    maxConcurrentLocalActivityExecutions: triggerSlots(deps.dataSource),
    maxConcurrentWorkflowTaskExecutions: TRIGGER_WORKFLOW_SLOTS,
    maxCachedWorkflows: TRIGGER_WORKFLOW_SLOTS * 10,
    shutdownGraceTime: SHUTDOWN_GRACE,
    shutdownForceTime: SHUTDOWN_FORCE,
  });
  const worker: PlatformWorker = {
    run: async () => {
      // One stopping (a fatal error) stops the other, so the process never runs half a worker.
      const runs = [platform.run(), triggers.run()].map((run) =>
        run.catch((error) => {
          worker.shutdown();
          throw error;
        })
      );
      // Both have stopped before this settles; the first failure is the answer.
      const failed = (await Promise.allSettled(runs)).find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    },
    shutdown: () => {
      for (const each of [platform, triggers]) if (each.getState() === 'RUNNING') each.shutdown();
    },
  };
  return { worker, connection };
};
