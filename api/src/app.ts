import express from 'express';
import type { DataSource } from 'typeorm';
import { ACTIONS, actionRouter } from './actions';
import { speculativeReadRouter } from './actions/speculative-reads';
import { openApiDocument } from './openapi';
import type { Services } from './actions/action';
import { createPassport, identifyCaller } from './auth/passport';
import { AccountChanges } from './auth/account-changes';
import { AccountCache } from './auth/account-cache';
import { ListPageCache } from './actions/lists/list-page-cache';
import { createLoginThrottle } from './auth/rate-limit';
import { createMailer } from './messaging';
import { createFileStorage, LocalDiskStorage } from '@carelane/activities/channels/storage';
import { localStorageRoutes } from './files/local-storage-routes';
import { deriveSecret } from './auth/derive-secret';
import type { ApiConfig } from './config';
import { errorHandler, notFoundRoute } from './errors';
import { normalizePath } from './http/normalize-path';
import { AutomationClient } from './automation/automation-client';
import { AutomationDispatcher } from './automation/dispatcher';
import { ConsumerSettings } from './events/consumer-settings';
import { ResourceEngine } from '@carelane/engine';
import { recordUserLogs } from './audit/user-logs';
import { subscribedChangesConsumer } from './automation/webhook-subscriptions';
import { startChanges } from './events';
import { createRealtime } from './realtime';
import { resourceRouter } from './resources/router';
import { meetingSignallingRouter } from './calendar/video/signalling-router';
import { registerMessaging } from './hooks';
import { inboxNotificationEmails } from './hooks/inbox-notification-emails';
import { registerJourneyStatusHooks } from './hooks/journey-status';
import { registerJourneyEngagementHooks } from './hooks/journey-engagement';
import { devMailboxRouter } from './actions/messaging/dev-mailbox';
import { limitBodyDepth } from './http/body-depth';
import { inboundRouter } from './inbound/routes';
import { apiSecurityHeaders, storedFileSecurityHeaders } from './http/security-headers';

/** Request bodies up to the file-size limit; larger ones get 413 with the client's own wording. */
const BODY_LIMIT = '26mb';

/**
 * Builds the api: one express app over one DataSource, the same for `npm start` and the tests.
 * `changes.stop()` (the outbox relay and feed) before closing the DataSource. `realtime.attach(server)`
 * once listening, to serve the sockets; `realtime.close()` before closing the server.
 */
export const createApp = (config: ApiConfig, dataSource: DataSource, automations = new AutomationClient(config.temporal)) => {
  const engine = new ResourceEngine(dataSource);
  // Committed changes start, signal and cancel workflows (journeys, triggers, reminders) and start
  // subscription webhook deliveries, through the transactional outbox (api/src/events), so a change
  // is never lost between its commit and its dispatch.
  // Every committed change of an account or role matrix, heard from PostgreSQL (every process's writes):
  // the token check's cache forgets it and the account's sockets are checked again at once. The same
  // channel announces webhook and trigger changes, which the consumers keep per business.
  const accountChanges = new AccountChanges(config.databaseUrl);
  const consumerSettings = new ConsumerSettings(dataSource, accountChanges);
  const dispatcher = new AutomationDispatcher(automations, dataSource, consumerSettings);
  // ... and reach the sockets of everyone who may read them, on every api process (api/src/realtime).
  const realtime = createRealtime(config, engine, dataSource, accountChanges);
  const changes = startChanges(engine, dataSource, {
    taskQueue: config.temporal.taskQueue,
    consumers: [
      dispatcher,
      subscribedChangesConsumer(dataSource, automations, consumerSettings),
      realtime.publisher,
      // A patient's message emails the staff it notifies, after the commit (api/src/hooks/inbox-notifications.ts).
      inboxNotificationEmails(() => ({ engine, channels: messaging.channels, portalUrl: config.portalUrl })),
    ],
  });
  const messaging = registerMessaging(engine, config, dataSource);
  registerJourneyStatusHooks(engine.hooks);
  registerJourneyEngagementHooks(engine.hooks);
  const services: Services = {
    config,
    dataSource,
    engine,
    automations,
    mailer: createMailer(messaging.channels.email),
    throttle: createLoginThrottle(config),
    messaging,
    storage: createFileStorage({ ...config.storage, signingSecret: deriveSecret(config.jwtSecret, 'file-storage') }),
    listPages: new ListPageCache(accountChanges),
  };
  recordUserLogs(engine);
  const passport = createPassport(dataSource, config.jwtSecret, new AccountCache(accountChanges));

  const app = express();
  app.disable('x-powered-by');
  // Behind a load balancer the client's address comes from X-Forwarded-For (rate limits key on it).
  if (config.trustProxy) app.set('trust proxy', true);
  app.set('query parser', 'extended');
  app.use((req, res, next) => {
    // The portal and other browser clients call from another origin with bearer tokens (no cookies).
    res.header('Access-Control-Allow-Origin', '*');
    res.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.header('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') return void res.sendStatus(204);
    next();
  });
  const apiSecurity = apiSecurityHeaders({ trustProxy: config.trustProxy });
  const storedFileSecurity = storedFileSecurityHeaders({ trustProxy: config.trustProxy });
  app.use(normalizePath);
  // Answers are data, never to be sniffed into HTML or script or framed (helmet also sets nosniff).
  app.use((req, res, next) =>
    (req.path.startsWith('/v1/local-storage') ? storedFileSecurity : apiSecurity)(req, res, next),
  );
  // The local storage's upload target reads multipart bodies itself, before the JSON parser.
  if (services.storage instanceof LocalDiskStorage) app.use('/v1/local-storage', localStorageRoutes(services.storage));
  // The raw bytes are kept for signed deliveries (Stripe's webhook verifies its signature over them).
  app.use(express.json({ limit: BODY_LIMIT, verify: (req, _res, buffer) => void ((req as { rawBody?: Buffer }).rawBody = buffer) }));
  // Twilio's incoming texts and status callbacks, email replies: signed by their senders, no session (api/src/inbound).
  app.use('/webhooks', inboundRouter(services));
  app.use(limitBodyDepth);
  // Calls that only read check their token themselves, with its fence round trip beside their work (speculative-reads.ts).
  const reads = speculativeReadRouter(services, passport, dataSource);
  app.use('/v1', reads);
  app.use('/', reads);
  app.use(identifyCaller(passport, dataSource));

  const documentation = openApiDocument(ACTIONS);
  app.get('/openapi.json', (_req, res) => {
    res.json(documentation);
  });

  // Outgoing mail kept by the embedded channels, for root Admins, only when DEV_MAILBOX=true (which the
  // config refuses in production; the mode check keeps it unmounted there even so).
  if (config.devMailbox && config.mode !== 'production') app.use('/dev/mailbox', devMailboxRouter(services));

  const api = express.Router();
  api.use(meetingSignallingRouter(services));
  api.use(actionRouter(services));
  api.use(resourceRouter(engine));
  // Named calls are listed with and without /v1 (docs/contract/api.md#requests); both readings reach the same routes.
  app.use('/v1', api);
  app.use('/', api);
  app.use(notFoundRoute);
  app.use(errorHandler);
  return { app, engine, services, dispatcher, changes, realtime };
};
