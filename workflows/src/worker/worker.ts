import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '@carelane/activities';

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
    ...overrides,
  });
  return { worker, connection };
};
