// @ts-check
/**
 * The production server of the portal and the staff app (`npm start`, the tests and the benches):
 * what remix-serve did (compression, the build's assets cached for a year, public/ for an hour, a
 * log line per request, PORT and HOST), with each request rendered by the app its path belongs to,
 * matched against that app's routes only (split-apps.js). Plain JavaScript, type-checked by
 * web/tsconfig.json, so Node runs it as it is (a TypeScript loader cost each start over a second).
 *
 * Run: node web/serve/main.js <server build>, e.g. web/build/server/index.js
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import { installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import morgan from 'morgan';
// Both patch http.Server before it listens: idle connections kept as long as a load balancer keeps
// them, and a stop that does not wait for live channels (each file says why).
import '../keep-alive.cjs';
import '../stop-cleanly.cjs';
import { isManifestPath, isStaffPath, splitApps } from './split-apps.js';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const main = async () => {
  const buildPath = process.argv[2];
  if (!buildPath) throw new Error('Usage: node web/serve/main.js <server build, e.g. web/build/server/index.js>');
  process.env.NODE_ENV ??= 'production';
  const mode = process.env.NODE_ENV;
  /** @type {import('@remix-run/node').ServerBuild} */
  const build = await import(pathToFileURL(resolve(buildPath)).href);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });

  const apps = splitApps(build);
  const handlers = {
    whole: createRequestHandler({ build, mode }),
    portal: createRequestHandler({ build: apps.portal, mode }),
    staff: createRequestHandler({ build: apps.staff, mode }),
  };
  /** @type {import('express').RequestHandler} */
  const render = (req, res, next) => {
    const handler = isManifestPath(req.path) ? handlers.whole : isStaffPath(req.path) ? handlers.staff : handlers.portal;
    return handler(req, res, next);
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  // The client build sits beside the server build (build/client next to build/server), wherever it was built to.
  app.use(build.publicPath, express.static(join(dirname(resolve(buildPath)), '..', 'client'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(join(WEB, 'public'), { maxAge: '1h' }));
  app.use(morgan('tiny'));
  app.all('*', render);

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST;
  const listening = () => console.log(`[portal] http://${host ?? 'localhost'}:${port}`);
  if (host) app.listen(port, host, listening);
  else app.listen(port, listening);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
