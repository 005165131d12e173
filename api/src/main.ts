import { ensureDefaultOrganization, openDataSource } from '@carelane/db';
import { createApp } from './app';
import { loadApiConfig } from './config';

/** The api process. */
const main = async () => {
  const config = loadApiConfig();
  const dataSource = await openDataSource(config.databaseUrl);
  if (config.bootstrap) {
    const { created } = await ensureDefaultOrganization(dataSource, config.bootstrap);
    console.log(`api: ${created ? 'created' : 'found'} organization '${config.bootstrap.subdomain}' with Admin ${config.bootstrap.adminEmail}`);
  }
  const { app, services, changes, realtime } = createApp(config, dataSource);
  const server = app.listen(config.port, () => console.log(`api: listening on http://localhost:${config.port}/v1`));
  realtime.attach(server);
  const stop = () => {
    // Sockets first: an open socket keeps the server from closing.
    realtime.closeSockets();
    server.close(async () => {
      await changes.stop();
      await realtime.close();
      await services.automations.close();
      await services.mailer.close();
      await services.messaging.close();
      await services.throttle.close();
      await dataSource.destroy();
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
