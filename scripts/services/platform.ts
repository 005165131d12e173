import { join } from 'node:path';
import type { Children } from './children';
import { ROOT } from './paths';
import { waitForPort } from './ports';

/**
 * The platform's own processes exactly as `npm start` runs them: the api, the worker and the portal
 * (web/serve/main.js over the production build), each a child of `children`. `env` carries the whole
 * configuration (DATABASE_URL, TEMPORAL_ADDRESS, API_PORT, PORT ...). Resolves once the api and the
 * portal take connections, with the three child processes (the soak samples their memory by pid).
 * The portal starts once the api listens: started together, it listened seconds before the api and
 * answered its first visitors with its error page (every page asks the api for the branding).
 */
export const startPlatform = async (children: Children, env: NodeJS.ProcessEnv, ports: { api: number; web: number }) => {
  const tsx = ['--import', 'tsx'];
  const api = children.start('api', process.execPath, [...tsx, join(ROOT, 'api', 'src', 'main.ts')], { cwd: ROOT, env });
  const worker = children.start('worker', process.execPath, [...tsx, join(ROOT, 'workflows', 'src', 'worker', 'main.ts')], { cwd: ROOT, env });
  await waitForPort(ports.api, 'api', 120_000);
  // web/serve/main.js serves the production build (the portal and the staff app, each matched
  // against its own routes); it stops on SIGTERM even with live channels open and keeps idle
  // connections as long as the clients in front of it do.
  const web = children.start('web', process.execPath, [join(ROOT, 'web', 'serve', 'main.js'), join('build', 'server', 'index.js')], {
    cwd: join(ROOT, 'web'),
    env: { ...env, NODE_ENV: 'production' },
  });
  await waitForPort(ports.web, 'portal', 120_000);
  return { api, worker, web };
};
