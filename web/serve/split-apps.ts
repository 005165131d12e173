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

const isStaffRoute = (id: string) => id.startsWith(STAFF_ROUTE_PREFIX);

/** Remix matches paths case-insensitively; `/staff.data` is the staff app's index data request (single fetch). */
export const isStaffPath = (pathname: string) => {
  const path = pathname.toLowerCase();
  return path === '/staff' || path === '/staff.data' || path.startsWith('/staff/');
};

/** /__manifest (lazy route discovery) may ask for paths of either app. */
export const isManifestPath = (pathname: string) => pathname === '/__manifest';

const keepRoutes = <T>(routes: Record<string, T>, keep: (id: string) => boolean) =>
  Object.fromEntries(Object.entries(routes).filter(([id]) => keep(id))) as Record<string, T>;

/** What of a Remix server build names its routes (its route modules, and the manifest the browser gets). */
interface RoutedBuild {
  routes: Record<string, unknown>;
  assets: { routes: Record<string, unknown> };
}

const buildOf = <Build extends RoutedBuild>(build: Build, keep: (id: string) => boolean): Build => ({
  ...build,
  routes: keepRoutes(build.routes, keep),
  // The server render builds its routes from the manifest and looks each up in the modules above.
  assets: { ...build.assets, routes: keepRoutes(build.assets.routes, keep) },
});

export const splitApps = <Build extends RoutedBuild>(build: Build) => ({
  portal: buildOf(build, (id) => !isStaffRoute(id)),
  staff: buildOf(build, (id) => id === 'root' || isStaffRoute(id)),
});
