import { usePortalHarness } from '../support/portal-harness';
import { screenshot } from '../support/portal-pages';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';

/**
 * Addresses that name no page (issue 30). The staff console has a not-found page of its own, inside
 * its frame and answered 404; before, an unknown /staff path fell to the portal's catch-all and sent
 * a staff member to the patients' login. The portal keeps its rule for any other path (signed out to
 * /login, signed in to /home; docs/decisions.md).
 */
describe('portal and console: addresses that name no page', () => {
  // The browser reports the 404 answer of the page itself as a console error; that answer is the point.
  const harness = usePortalHarness({ expectedConsoleError: (text) => text.includes('the server responded with a status of 404') });

  it("a staff member who opens an unknown /staff path signs in and lands on the console's not-found page", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff/no-such-screen');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    // Inside the console's frame, not the patients' pages.
    await page.getByRole('navigation', { name: 'Staff' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome back!' }).count()).toBe(0);
    await checkScreen(page, 'staff-not-found', DESKTOP);
    await checkScreen(page, 'staff-not-found', MOBILE);

    // Opened directly, deeper, the document itself answers 404.
    const response = await page.goto(`${portal.url}/staff/journeys/a/b/c`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Go to Today' }).click();
    await page.waitForURL(`${portal.url}/staff`);
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
  });

  it('a console record that does not exist says so in its own words', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff/journeys/000000000000000000000000');
    await page.getByRole('heading', { name: 'This journey does not exist or you cannot see it', level: 1 }).waitFor();
    await screenshot(page, 'staff-record-not-found');
  });

  it("a page of either app still finds the other app's routes when a link leads there", async () => {
    const { page, portal } = harness;
    // web/serve/split-apps.js: each request is matched against its own app's routes only, so the
    // browser's route discovery (/__manifest, asked as links appear) must answer for both apps.
    const html = await (await page.request.get(`${portal.url}/login`)).text();
    const version = html.match(/window\.__remixManifest = \{.*?"version":\s*"([^"]+)"/s)?.[1];
    expect(version).toBeTruthy();
    const discovered = await page.request.get(`${portal.url}/__manifest?p=${encodeURIComponent('/staff/login')}&p=${encodeURIComponent('/privacy-policy')}&version=${version}`);
    expect(discovered.status()).toBe(200);
    expect(Object.keys((await discovered.json()) as object)).toEqual(expect.arrayContaining(['routes/staff+/login', 'routes/_public+/privacy-policy']));
  });

  it("signed out, an unknown /staff path asks for the staff sign-in and an unknown portal path for the patients' login", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${portal.url}/staff/no-such-screen`);
    await page.getByRole('heading', { name: 'Staff sign in', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/staff/no-such-screen');

    await page.goto(`${portal.url}/no-such-page`);
    await page.waitForURL(`${portal.url}/login`);
    await screenshot(page, 'portal-unknown-path');
  });
});
