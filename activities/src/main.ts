import { openDataSource } from '@carelane/db';
import { loadWorkerConfig } from './config';
import { createWorker } from './worker';

/** The worker process: `npm start` runs it beside the api and the portal. */
const main = async () => {
  const config = loadWorkerConfig();
  const dataSource = await openDataSource(config.databaseUrl, { poolSize: 10 });
  const { worker, connection } = await createWorker({ dataSource, ...config.temporal });
  const stop = () => worker.shutdown();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`worker: polling task queue '${config.temporal.taskQueue}' on ${config.temporal.address}`);
  await worker.run();
  await connection.close();
  await dataSource.destroy();
};

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
