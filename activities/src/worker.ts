import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import type { DataSource } from 'typeorm';
import { createActivities } from './index';

/** Builds the Temporal worker hosting every workflow (one index module) and activity. */
export const createWorker = async (options: {
  dataSource: DataSource;
  address: string;
  namespace: string;
  taskQueue: string;
  overrides?: Partial<WorkerOptions>;
}) => {
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowsPath: require.resolve('@carelane/workflows'),
    activities: createActivities({ dataSource: options.dataSource }),
    ...options.overrides,
  });
  return { worker, connection };
};
