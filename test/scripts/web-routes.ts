/**
 * The portal's route manifest as Remix builds it from web/vite.config.ts (`remix routes --json`),
 * reduced to what a visitor depends on: each route's URL, whether it is an index route, whether
 * other routes render inside it, and which of those layouts it renders inside. File names and route
 * ids are left out, so moving a route module between folders changes nothing here. Used by
 * web-routes.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const WEB = join(ROOT, 'web');
export const ROUTES = join(WEB, 'app', 'routes');

export interface ManifestRoute {
  id: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: ManifestRoute[];
}

/** The manifest the Remix Vite plugin computes, for the given environment (bench/portal's build sets one). */
export const routeManifest = (env: Record<string, string> = {}): ManifestRoute[] => {
  // npm installs the Remix cli under web/ or, hoisted, at the root.
  const cli = [WEB, ROOT].map((dir) => join(dir, 'node_modules', '@remix-run', 'dev', 'dist', 'cli.js')).find((path) => existsSync(path));
  if (!cli) throw new Error('The Remix cli (@remix-run/dev) is not installed: npm install');
  const output = execFileSync(process.execPath, [cli, 'routes', '--json'], {
    cwd: WEB,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(output) as ManifestRoute[];
};

/**
 * One line per route below the root, sorted: its URL, ' (index)' for an index route, ' (layout)' when
 * routes render inside it, then ' in <URL>' for each layout it renders inside, outermost first.
 */
export const urlShape = (manifest: ManifestRoute[]): string[] => {
  const lines: string[] = [];
  const urlOf = (segments: string[]) => `/${segments.filter(Boolean).join('/')}`;
  const walk = (routes: ManifestRoute[], segments: string[], layouts: string[]) => {
    for (const route of routes) {
      const own = [...segments, route.path ?? ''];
      const url = urlOf(own);
      const isRoot = route.id === 'root';
      const children = route.children ?? [];
      if (!isRoot) {
        lines.push(`${url}${route.index ? ' (index)' : ''}${children.length > 0 ? ' (layout)' : ''}${layouts.map((layout) => ` in ${layout}`).join('')}`);
      }
      walk(children, own, isRoot ? [] : [...layouts, url]);
    }
  };
  walk(manifest, [], []);
  return lines.sort();
};

/** Every route module: a file under web/app/routes, relative to it. */
export const routeFiles = (dir = ROUTES): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? routeFiles(path) : /\.(ts|tsx)$/.test(name) ? [relative(ROUTES, path)] : [];
  });

/** Every file of the portal's source (web/app), with its text. */
export const appSources = (dir = join(WEB, 'app')): { file: string; text: string }[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return appSources(path);
    return /\.(ts|tsx)$/.test(name) ? [{ file: relative(WEB, path), text: readFileSync(path, 'utf8') }] : [];
  });

/** The ids of every route in a manifest. */
export const routeIds = (manifest: ManifestRoute[]): string[] => manifest.flatMap((route) => [route.id, ...routeIds(route.children ?? [])]);
