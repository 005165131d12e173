import { isManifestPath, isStaffPath, splitApps } from '../../web/serve/split-apps.js';

/** A build of four routes, as Vite writes one (route ids are the files under web/app). */
const route = (id: string, parentId?: string, path?: string) => ({ id, parentId, path, module: { default: () => null } });
const ids = ['root', 'routes/_portal+/_shell+/home', 'routes/_public+/privacy-policy', 'routes/staff+/_console+/patients'];
const build = {
  routes: Object.fromEntries(ids.map((id) => [id, route(id, id === 'root' ? undefined : 'root')])),
  assets: { version: 'v1', url: '/assets/manifest-v1.js', entry: { module: '/assets/entry.js', imports: [] }, routes: Object.fromEntries(ids.map((id) => [id, { id }])) },
  publicPath: '/',
  future: {},
};

describe('the portal and the staff app served from one build (web/serve/split-apps.js)', () => {
  const apps = splitApps(build);

  test("each app's copy holds the root and its own routes only, in its route modules and its client manifest alike", () => {
    expect(Object.keys(apps.portal.routes)).toEqual(['root', 'routes/_portal+/_shell+/home', 'routes/_public+/privacy-policy']);
    expect(Object.keys(apps.portal.assets.routes)).toEqual(Object.keys(apps.portal.routes));
    expect(Object.keys(apps.staff.routes)).toEqual(['root', 'routes/staff+/_console+/patients']);
    expect(Object.keys(apps.staff.assets.routes)).toEqual(Object.keys(apps.staff.routes));
    // The same build otherwise: the client's version check and assets are shared.
    expect(apps.staff.assets.version).toBe('v1');
    expect(Object.keys(build.routes)).toHaveLength(4);
  });

  test('a path belongs to the staff app exactly when the staff routes could match it', () => {
    for (const path of ['/staff', '/staff/', '/staff/patients', '/Staff/Patients', '/staff.data', '/staff/patients.data']) expect([path, isStaffPath(path)]).toEqual([path, true]);
    for (const path of ['/', '/home', '/staffing', '/staff-room', '/_root.data', '/privacy-policy', '/__manifest']) expect([path, isStaffPath(path)]).toEqual([path, false]);
    expect(isManifestPath('/__manifest')).toBe(true);
    expect(isManifestPath('/home')).toBe(false);
  });
});
