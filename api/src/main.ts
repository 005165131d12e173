import { ensureDefaultOrganization, openDataSource } from '@carelane/db';
import { createApp } from './app';
import { loadApiConfig } from './config';
import { closeHttpServer } from './http/close-server';
import { meetingHub } from './calendar/video/meeting-hub';
import { stopApp } from './stop-app';
import { DEVELOPMENT_SMTP_PORT } from './inbound/config';
import { startInboundSmtp } from './inbound/inbound-email/smtp-listener';

/** Requests in flight at SIGTERM get this long before their connections are closed. */
const REQUEST_GRACE_MS = 3_000;
/** Past this, the api gives up stopping in order and exits non-zero (a supervisor's SIGKILL comes at 10 s). */
const STOP_DEADLINE_MS = 8_000;

/** The api process. */
const main = async () => {
  const config = loadApiConfig();
  const dataSource = await openDataSource(config.databaseUrl);
  if (config.bootstrap) {
    const { created } = await ensureDefaultOrganization(dataSource, config.bootstrap);
    console.log(`api: ${created ? 'created' : 'found'} organization '${config.bootstrap.subdomain}' with Admin ${config.bootstrap.adminEmail}`);
  }
  const built = createApp(config, dataSource);
  const { app, realtime } = built;
  const server = app.listen(config.port, () => console.log(`api: listening on http://localhost:${config.port}/v1`));
  // Idle kept-alive connections outlive a load balancer's (60 s is usual), so a request never meets
  // Node's default 5 s close ("socket hang up", or the balancer's 502); web/keep-alive.cjs, the same.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  realtime.attach(server);
  // Patients' email replies (api/src/inbound/inbound-email): on a local port in development, where INBOUND_SMTP_PORT says otherwise.
  const { smtp } = config.inbound;
  const inboundSmtp = smtp
    ? await startInboundSmtp(built.services, { ...smtp, fallBackToFreePort: !process.env.INBOUND_SMTP_PORT && smtp.port === DEVELOPMENT_SMTP_PORT })
    : undefined;
  if (inboundSmtp) console.log(`api: receiving email replies for ${config.inbound.emailDomain} on smtp://${inboundSmtp.host}:${inboundSmtp.port}`);
  let stopping: Promise<void> | undefined;
  // Once per process: `npm start` forwards the signal its process group may already have received.
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    const deadline = setTimeout(() => {
      console.error(`api: could not stop within ${STOP_DEADLINE_MS / 1000} s of ${signal}; exiting anyway`);
      process.exit(1);
    }, STOP_DEADLINE_MS);
    deadline.unref();
    stopping = (async () => {
      // Sockets and video call streams first: they never end by themselves and hold the server open.
      realtime.closeSockets();
      meetingHub.closeStreams();
      await closeHttpServer(server, REQUEST_GRACE_MS);
      await inboundSmtp?.close();
      await stopApp(built);
      await dataSource.destroy();
    })().then(
      () => process.exit(0),
      (error) => {
        console.error(`api: stopping failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
