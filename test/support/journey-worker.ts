import { testEnv } from './env';
import type { SmtpCapture } from './smtp-server';

/**
 * An in-process Temporal worker on the api's task queue whose automation activities send email
 * through SMTP to the suite's server (as test/automations does). Loaded on demand: most browser
 * suites run no worker. Answers a function that stops it.
 */
export const startJourneyWorker = async (smtp: SmtpCapture | undefined, taskQueue: string) => {
  if (!smtp) throw new Error('automations need mail: true (the worker sends through the suite SMTP server)');
  const { SmtpEmailChannel } = await import('@carelane/activities/channels/email');
  const { DatabaseSmsChannel } = await import('@carelane/activities/channels/sms');
  const { createWorker } = await import('@carelane/workflows/worker');
  const { openDataSource } = await import('@carelane/db');
  const email = new SmtpEmailChannel(smtp.url, 'Carelane Automations <automations@clinic.example.test>');
  // Its own pool, as the worker process has beside the api: a burst of activities (a bulk add of
  // 1,000) must not take the connections the api needs to answer the console.
  const dataSource = await openDataSource(testEnv().databaseUrl, { poolSize: 10 });
  const created = await createWorker({
    dataSource,
    email,
    sms: new DatabaseSmsChannel(dataSource),
    webhooks: { allowPrivateTargets: true, timeoutMs: 5_000 },
    address: testEnv().temporalAddress,
    namespace: 'default',
    taskQueue,
  });
  const running = created.worker.run();
  return async () => {
    created.worker.shutdown();
    await running;
    await created.connection.close();
    await email.close();
    await dataSource.destroy();
  };
};
