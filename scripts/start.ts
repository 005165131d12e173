/**
 * `npm start`: the whole platform on embedded defaults. PostgreSQL, Temporal and Redis come from
 * the environment when configured, else from local or embedded defaults; then the api, the worker
 * and the portal start as child processes. Ctrl-C or SIGTERM stops everything it started.
 */
import { readPort, readString } from '@carelane/db';
import { Children } from './services/children';
import { databaseUrl, providePostgres } from './services/postgres';
import { localSecret } from './services/secrets';
import { provideTemporal } from './services/temporal';
import { startPlatform } from './services/platform';
import { buildWebIfNeeded } from './services/web-build';

export const DEFAULT_ADMIN_EMAIL = 'admin@carelane.dev';
export const DEFAULT_ADMIN_PASSWORD = 'Carelane-admin-1';

let shuttingDown = false;
const children = new Children((name, code, signal) => {
  console.error(`\n${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the platform.`);
  void stopEverything(1);
});
/** Replaced once PostgreSQL is up, so a failure at any point stops what was already started. */
let stopEverything = async (exitCode: number): Promise<void> => {
  await children.stopAll();
  process.exit(exitCode);
};

const main = async () => {
  const apiPort = readPort(process.env, 'API_PORT', 8080);
  const webPort = readPort(process.env, 'WEB_PORT', 3030);
  const temporalPort = readPort(process.env, 'TEMPORAL_PORT', 7233);
  const temporalUiPort = readPort(process.env, 'TEMPORAL_UI_PORT', 8233);
  const subdomain = readString(process.env, 'DEFAULT_ORGANIZATION_SUBDOMAIN', 'demo');
  const adminEmail = readString(process.env, 'ADMIN_EMAIL', DEFAULT_ADMIN_EMAIL);

  const postgres = await providePostgres();
  const shutdown = async (exitCode: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log('Stopping ...');
    await children.stopAll();
    await postgres.stop();
    process.exit(exitCode);
  };
  stopEverything = shutdown;
  // `on`, not `once`: Ctrl-C or a supervisor signals the whole process group and scripts/bootstrap.cjs
  // forwards the signal again; a second one must not kill this process mid-stop, orphaning its children.
  const onSignal = () => (shuttingDown ? console.log('Still stopping ...') : void shutdown(0));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // The api migrates the schema and creates the default organization and Admin on first start.
  const database = await databaseUrl(postgres, 'carelane');

  const temporal = await provideTemporal(children, { port: temporalPort, uiPort: temporalUiPort, persistent: true, reuseRunning: true });
  buildWebIfNeeded();

  const nodeEnv = process.env.NODE_ENV ?? 'development';
  const env = {
    ...process.env,
    NODE_ENV: nodeEnv,
    // The development mailbox (root Admins only) is where mail waits without SMTP_URL; the api refuses it in production.
    DEV_MAILBOX: process.env.DEV_MAILBOX ?? (nodeEnv === 'production' ? 'false' : 'true'),
    DATABASE_URL: database,
    TEMPORAL_ADDRESS: temporal.address,
    JWT_SECRET: process.env.JWT_SECRET ?? localSecret('jwt'),
    SESSION_SECRET: process.env.SESSION_SECRET ?? localSecret('portal-session'),
    API_PORT: String(apiPort),
    API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}`,
    PORT: String(webPort),
    PORTAL_URL: process.env.PORTAL_URL ?? `http://localhost:${webPort}`,
    PORTAL_DEFAULT_SUBDOMAIN: subdomain,
    DEFAULT_ORGANIZATION_SUBDOMAIN: subdomain,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    // The staff app links a journey run to the Temporal UI only where one is known.
    ...(process.env.TEMPORAL_UI_URL || temporal.uiUrl ? { TEMPORAL_UI_URL: process.env.TEMPORAL_UI_URL || temporal.uiUrl } : {}),
  };
  await startPlatform(children, env, { api: apiPort, web: webPort });

  console.log(`
Carelane is running.
  API        http://localhost:${apiPort}/v1
  Portal     http://localhost:${webPort}
  Temporal   ${temporal.address} (${temporal.source})${temporal.uiUrl ? `, UI ${temporal.uiUrl}` : ''}
  PostgreSQL ${postgres.source}
  Redis      ${process.env.REDIS_URL ? process.env.REDIS_URL : 'in-process fallback (set REDIS_URL to use Redis)'}
  Admin      ${adminEmail}${process.env.ADMIN_PASSWORD ? '' : ` / ${DEFAULT_ADMIN_PASSWORD} (development default)`}${env.DEV_MAILBOX === 'true' && !process.env.SMTP_URL ? `
  Mailbox    http://localhost:${apiPort}/dev/mailbox (sign in there as a root Admin)` : ''}
Press Ctrl-C to stop.`);
};

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  void stopEverything(1);
});
