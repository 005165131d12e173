import { appSources, routeFiles, routeIds, routeManifest, urlShape, type ManifestRoute } from './web-routes';

/**
 * The portal's URLs, written down before the routes moved into one folder per app (issue 30): every
 * test and the outside browser suite reach pages by these addresses, so moving or renaming a route
 * module must leave this list as it is. A line reads: the URL, '(index)' for an index route,
 * '(layout)' when pages render inside it, and 'in <URL>' for the layout a page renders inside
 * ('/ (layout)' is the signed-in portal's shell, '/staff (layout)' the staff console's frame).
 * Since that move, the only differences are on purpose: /staff/* (the console's not-found page,
 * where unknown /staff paths fell to the portal's catch-all before) and no /bench-baseline/:page
 * (only bench/portal's own build mounts it).
 */
const URLS = [
  '/ (index)',
  '/ (layout)',
  '/*',
  '/appointment-booking-page',
  '/appointment/calendar.ics',
  '/appointment/cancel',
  '/appointment/reschedule',
  '/book-an-appointment (index) in /',
  '/book-an-appointment/:pageId in /',
  '/booking-waitlist',
  '/care-plan in /',
  '/communications (index) in /',
  '/communications/:roomId in /',
  '/communications/:roomId/events',
  '/communications/:roomId/messages',
  '/communications/attachments',
  '/communications/events',
  '/communications/unread',
  '/community in /',
  '/content (index) in /',
  '/content-files/:fileId',
  '/content/:id in /',
  '/content/:id/attachment',
  '/documents (index) in /',
  '/documents/files/:id/download',
  '/documents/forms/:accessCode in /',
  '/documents/responses/:id in /',
  '/documents/upload',
  '/e-signature-terms',
  '/events (index) in /',
  '/events/:id in /',
  '/home in /',
  '/integrations (index)',
  '/integrations/stripe',
  '/login',
  '/login/code',
  '/logout',
  '/onboarding',
  '/privacy-policy',
  '/public-form',
  '/privacy-policy.pdf',
  '/public-file',
  '/register',
  '/reset-password',
  '/settings in /',
  '/settings/avatar',
  '/shell-preferences',
  '/staff (index) in /staff',
  '/staff (layout)',
  '/staff/* in /staff',
  '/staff/account in /staff',
  '/staff/analytics in /staff',
  '/staff/attachments/:secureName',
  '/staff/calendar in /staff',
  '/staff/content (index) in /staff',
  '/staff/content-files/:fileId',
  '/staff/content/:id in /staff',
  '/staff/calendar/:eventId in /staff',
  '/staff/calendar/new in /staff',
  '/staff/community in /staff',
  '/staff/community/:forumId in /staff',
  '/staff/patients (index) in /staff',
  '/staff/patients/:id in /staff',
  '/staff/patients/:id/events',
  '/staff/patients/:id/files/:fileId',
  '/staff/patients/:id/fill/:accessCode in /staff',
  '/staff/patients/:id/responses/:responseId in /staff',
  '/staff/patients/:id/responses/:responseId.pdf',
  '/staff/patients/import in /staff',
  '/staff/patients/new in /staff',
  '/staff/errors in /staff',
  '/staff/forms (index) in /staff',
  '/staff/forms/:id in /staff',
  '/staff/forms/responses in /staff',
  '/staff/inbox in /staff',
  '/staff/inbox/events',
  '/staff/inbox/unread',
  '/staff/jobs/:id',
  '/staff/journeys in /staff',
  '/staff/journeys/:id in /staff',
  '/staff/journeys/:id/change-step in /staff',
  '/staff/journeys/:id/decisions in /staff',
  '/staff/journeys/:id/dry-run in /staff',
  '/staff/login',
  '/staff/login/code',
  '/staff/logout',
  '/staff/patient-choices',
  '/staff/portal in /staff',
  '/staff/portal-images',
  '/staff/portal-preview',
  '/staff/products (index) in /staff',
  '/staff/products/:id in /staff',
  '/staff/register',
  '/staff/reset-password',
  '/staff/scheduling (index) in /staff in /staff/scheduling',
  '/staff/scheduling (layout) in /staff',
  '/staff/scheduling/booking-pages (index) in /staff in /staff/scheduling',
  '/staff/scheduling/booking-pages/:id in /staff in /staff/scheduling',
  '/staff/scheduling/hours in /staff in /staff/scheduling',
  '/staff/scheduling/office-hours in /staff in /staff/scheduling',
  '/staff/scheduling/locations (index) in /staff in /staff/scheduling',
  '/staff/scheduling/locations/:id in /staff in /staff/scheduling',
  '/staff/scheduling/types (index) in /staff in /staff/scheduling',
  '/staff/scheduling/types/:id in /staff in /staff/scheduling',
  '/staff/settings (index) in /staff in /staff/settings',
  '/staff/settings (layout) in /staff',
  '/staff/settings/api-keys in /staff in /staff/settings',
  '/staff/settings/billing in /staff in /staff/settings',
  '/staff/settings/integrations in /staff in /staff/settings',
  '/staff/settings/organization in /staff in /staff/settings',
  '/staff/settings/patient-details in /staff in /staff/settings',
  '/staff/settings/roles in /staff in /staff/settings',
  '/staff/settings/team in /staff in /staff/settings',
  '/staff/settings/webhooks in /staff in /staff/settings',
  '/staff/superbills/:id.pdf',
  '/staff/tasks in /staff',
  '/staff/tasks/:id in /staff',
  '/staff/tasks/to-dos/:id in /staff',
  '/staff/templates (index) in /staff',
  '/staff/templates/:id in /staff',
  '/staff/triggers in /staff',
  '/staff/triggers/:id in /staff',
  '/staff/video-signal/:meetingId',
  '/staff/visits/:eventId in /staff',
  '/terms-of-service',
  '/terms-of-service.pdf',
  '/unsubscribe',
  '/video-call',
  '/video-call-signal/:meetingId',
  '/waitlist-offer/:token',
  '/zoom-sdk/*',
];

describe("the portal's routes (web/app/routes)", () => {
  let manifest: ManifestRoute[];
  beforeAll(() => {
    manifest = routeManifest();
  }, 60_000);

  it('answer at the same URLs, nested in the same layouts, whatever their files are called', () => {
    expect(urlShape(manifest)).toEqual([...URLS].sort());
  });

  it("live in one folder per app: the portal's, the staff console's and the public pages'", () => {
    const outside = routeFiles().filter((file) => !/^(_portal\+|staff\+|_public\+)\//.test(file));
    expect(outside).toEqual([]);
    // Each file under routes/ is a route (nothing there is left out of the manifest by accident).
    const files = new Set(routeIds(manifest).filter((id) => id !== 'root').map((id) => id.replace(/^routes\//, '')));
    expect(routeFiles().map((file) => file.replace(/\.tsx?$/, '')).filter((file) => !files.has(file))).toEqual([]);
  });

  it('has an ErrorBoundary in every route module that draws a page', () => {
    const screens = appSources().filter(({ file, text }) => /^app\/(routes|bench)\//.test(file) && /^export default /m.test(text));
    expect(screens.length).toBeGreaterThan(40);
    const without = screens.filter(({ text }) => !/export\s+(\{[^}]*\bErrorBoundary\b[^}]*\}|function ErrorBoundary\b|const ErrorBoundary\b)/.test(text));
    expect(without.map(({ file }) => file)).toEqual([]);
  });

  it('names only route ids that exist (route ids follow the files, so a move must update them)', () => {
    const ids = new Set(routeIds(manifest));
    const named = appSources().flatMap(({ file, text }) => [...text.matchAll(/['"](routes\/[^'"]+)['"]/g)].map(([, id]) => ({ file, id })));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(({ id }) => !ids.has(id))).toEqual([]);
  });

  it("mounts bench/portal's baseline pages only in the bench's own build", () => {
    expect(urlShape(manifest)).not.toContain('/bench-baseline/:page');
    const bench = routeManifest({ PORTAL_BENCH_BUILD_DIRECTORY: '/nonexistent/bench-build' });
    expect(urlShape(bench)).toEqual([...URLS, '/bench-baseline/:page'].sort());
  }, 60_000);
});
