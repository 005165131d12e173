// @ts-check
/**
 * The portal and the staff app are one Remix build (one root, shared components), but a request
 * belongs to one of them by its path: every staff route lives under /staff (web/app/routes/staff+),
 * every other route outside it. Remix matches each request against every route of the build it
 * serves, several times (bench/README.md, issue 37: 4.7 ms of a 26.8 ms portal Home on a slow
 * machine), so each app is served from a copy of the build that holds only its own routes.
 * The client still discovers routes of the other app through /__manifest, which the whole build
 * answers, so a link from one app to the other works as before.
 */
const STAFF_ROUTE_PREFIX = 'routes/staff+/';

/** @param {string} id */
const isStaffRoute = (id) => id.startsWith(STAFF_ROUTE_PREFIX);

/**
 * Remix matches paths case-insensitively; `/staff.data` is the staff app's index data request (single fetch).
 * @param {string} pathname
 */
export const isStaffPath = (pathname) => {
  const path = pathname.toLowerCase();
  return path === '/staff' || path === '/staff.data' || path.startsWith('/staff/');
};

/**
 * /__manifest (lazy route discovery) may ask for paths of either app.
 * @param {string} pathname
 */
export const isManifestPath = (pathname) => pathname === '/__manifest';

/**
 * @template T
 * @param {Record<string, T>} routes
 * @param {(id: string) => boolean} keep
 * @returns {Record<string, T>}
 */
const keepRoutes = (routes, keep) => Object.fromEntries(Object.entries(routes).filter(([id]) => keep(id)));

/**
 * What of a Remix server build names its routes (its route modules, and the manifest the browser gets).
 * @typedef {{ routes: Record<string, unknown>, assets: { routes: Record<string, unknown> } }} RoutedBuild
 */

/**
 * @template {RoutedBuild} Build
 * @param {Build} build
 * @param {(id: string) => boolean} keep
 * @returns {Build}
 */
const buildOf = (build, keep) => ({
  ...build,
  routes: keepRoutes(build.routes, keep),
  // The server render builds its routes from the manifest and looks each up in the modules above.
  assets: { ...build.assets, routes: keepRoutes(build.assets.routes, keep) },
});

/**
 * @template {RoutedBuild} Build
 * @param {Build} build
 */
export const splitApps = (build) => ({
  portal: buildOf(build, (id) => !isStaffRoute(id)),
  staff: buildOf(build, (id) => id === 'root' || isStaffRoute(id)),
});
