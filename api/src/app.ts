import express from 'express';
import type { DataSource } from 'typeorm';
import { ACTIONS, actionRouter } from './actions';
import { openApiDocument } from './openapi';
import type { Services } from './actions/action';
import { createPassport, identifyCaller } from './auth/passport';
import type { ApiConfig } from './config';
import { errorHandler, notFoundRoute } from './errors';
import { normalizePath } from './http/normalize-path';
import { AutomationClient } from './automation/automation-client';
import { ResourceEngine } from './resources/engine';
import { resourceRouter } from './resources/router';

/** Request bodies up to the file-size limit; larger ones get 413 with the client's own wording. */
const BODY_LIMIT = '26mb';

/** Builds the api: one express app over one DataSource, the same for `npm start` and the tests. */
export const createApp = (config: ApiConfig, dataSource: DataSource, automations = new AutomationClient(config.temporal)) => {
  const engine = new ResourceEngine(dataSource);
  const services: Services = { config, dataSource, engine, automations };
  const passport = createPassport(dataSource, config.jwtSecret);

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.use((req, res, next) => {
    // The portal and other browser clients call from another origin with bearer tokens (no cookies).
    res.header('Access-Control-Allow-Origin', '*');
    res.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.header('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') return void res.sendStatus(204);
    next();
  });
  app.use(normalizePath);
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(identifyCaller(passport));

  const documentation = openApiDocument(ACTIONS);
  app.get('/openapi.json', (_req, res) => {
    res.json(documentation);
  });

  const api = express.Router();
  api.use(actionRouter(services));
  api.use(resourceRouter(engine));
  // Named calls are listed with and without /v1 (seeds 001 §7); both readings reach the same routes.
  app.use('/v1', api);
  app.use('/', api);
  app.use(notFoundRoute);
  app.use(errorHandler);
  return { app, engine, services };
};
