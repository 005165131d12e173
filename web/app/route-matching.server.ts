import { createRequire } from 'node:module';
import type { AgnosticRouteMatch, AgnosticRouteObject } from '@remix-run/router';

/**
 * Route matching, remembered per route tree and pathname.
 *
 * @remix-run/router's matchRoutes flattens and ranks the whole route tree on every call, then
 * compiles a regular expression for each branch it tries. The portal's build holds the staff app's
 * routes too (some 120 in all), and a document request matches three times through the module's
 * exports (server-runtime's matchServerRoutes, react-router's useRoutes and Remix's partial
 * manifest for lazy route discovery, which matches '/' and so tries nearly every branch): about
 * 2-3 ms of every page's CPU in bench/portal's and bench:scale's profiles, for an answer that only
 * depends on the route tree and the pathname.
 *
 * So the exported matchRoutes is wrapped: the first match of a pathname against a route tree is
 * kept as route ids, params and pathnames, and later calls rebuild the same matches from the
 * tree's own route objects (Remix builds a new tree of the same routes for every render). The
 * tree is told by its routes' ids, paths and index/caseSensitive flags. Routes without ids, and
 * locations with more than a pathname, go to the library as before.
 */

type Route = AgnosticRouteObject & { id?: string; children?: Route[] };
type MatchRoutes = (routes: Route[], location: string | { pathname?: string }, basename?: string) => AgnosticRouteMatch[] | null;

interface Tree {
  /** A small number per distinct signature, so the remembered keys stay short. */
  signature: number;
  byId: Map<string, Route>;
}

interface RememberedMatch {
  id: string;
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
}

const MAX_REMEMBERED = 2_000;

const trees = new WeakMap<Route[], Tree | null>();
const signatures = new Map<string, number>();

/** The tree's signature and routes by id; null when a route has no id (nothing to rebuild from). */
const treeOf = (routes: Route[]): Tree | null => {
  const known = trees.get(routes);
  if (known !== undefined) return known;
  const byId = new Map<string, Route>();
  let signature = '';
  let complete = true;
  const walk = (list: Route[]) => {
    signature += '[';
    for (const route of list) {
      if (!route.id) complete = false;
      else byId.set(route.id, route);
      signature += `${route.id}\u0000${route.path ?? ''}\u0000${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`;
      if (route.children?.length) walk(route.children);
      signature += ',';
    }
    signature += ']';
  };
  walk(routes);
  if (!signatures.has(signature)) signatures.set(signature, signatures.size);
  const tree = complete ? { signature: signatures.get(signature)!, byId } : null;
  trees.set(routes, tree);
  return tree;
};

/** Wraps the module's exported matchRoutes once per process. */
export const rememberRouteMatches = () => {
  // The CommonJS build the Remix packages require (the server build imports them as externals),
  // so that their `router.matchRoutes(...)` calls see the wrapper.
  const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: MatchRoutes & { remembering?: true } };
  if (router.matchRoutes.remembering) return;
  const original = router.matchRoutes;
  const remembered = new Map<string, RememberedMatch[] | null>();
  const wrapped: MatchRoutes & { remembering?: true } = (routes, location, basename = '/') => {
    const pathname = typeof location === 'string' ? (/[?#]/.test(location) ? undefined : location) : Object.keys(location).every((key) => key === 'pathname') ? location.pathname : undefined;
    const tree = pathname === undefined ? null : treeOf(routes);
    if (!tree) return original(routes, location, basename);
    const key = `${tree.signature}\n${basename}\n${pathname}`;
    let matches = remembered.get(key);
    if (matches === undefined) {
      const found = original(routes, location, basename);
      matches = found && found.map((match) => ({ id: match.route.id as string, params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase }));
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(key, matches);
      return found;
    }
    return matches && matches.map((match) => ({ params: { ...match.params }, pathname: match.pathname, pathnameBase: match.pathnameBase, route: tree.byId.get(match.id)! }));
  };
  wrapped.remembering = true;
  router.matchRoutes = wrapped;
};
