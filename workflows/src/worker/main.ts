import { triggerTaskQueue } from '@carelane/automation';
import { openDataSource } from '@carelane/db';
import { createMessagingChannels, loadMessagingConfig } from '@carelane/activities/channels/config';
import { loadWorkerConfig, WORKER_POOL_SIZE } from './config';
import { createWorker } from './worker';

/** The worker process: `npm start` runs it beside the api and the portal. */
const main = async () => {
  const config = loadWorkerConfig();
  const dataSource = await openDataSource(config.databaseUrl, { poolSize: WORKER_POOL_SIZE });
  // One set of channels for every sender in the worker: SMTP when SMTP_URL is set, else the database channel.
  const messaging = loadMessagingConfig({ ...process.env, ...(config.mail.smtpUrl ? { SMTP_URL: config.mail.smtpUrl } : {}), MAIL_FROM: config.mail.from });
  const channels = createMessagingChannels(messaging, dataSource);
  const { worker, connection } = await createWorker({
    dataSource,
    email: channels.email,
    sms: channels.sms,
    channels,
    webhooks: config.webhooks,
    portalUrl: channels.portalUrl,
    ...config.temporal,
    overrides: { maxCachedWorkflows: config.maxCachedWorkflows },
  });
  // `on`, not `once`: `npm start` forwards the signal its process group may already have received, and
  // a second SIGTERM must not kill a draining worker. Shutting down twice is a no-op (worker.ts).
  const stop = () => worker.shutdown();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`worker: polling task queues '${config.temporal.taskQueue}' and '${triggerTaskQueue(config.temporal.taskQueue)}' on ${config.temporal.address} (mail: ${channels.email.kind})`);
  await worker.run();
  await connection.close();
  await channels.email.close();
  await channels.sms.close();
  await dataSource.destroy();
};

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
