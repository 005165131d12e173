import type { Session } from '@tellescope/sdk';
import type { Page } from 'playwright-core';
import { usePortalHarness } from '../support/portal-harness';
import { DESKTOP, openAsAdmin } from '../support/staff-console';
import { screenshot } from '../support/portal-pages';
import { internalWords, perceivedText, splitWords, staffRoutes, type StaffRoute } from '../support/staff-walk';
import { seedStaffTenant, type StaffTenant } from '../support/staff-tenant-data';
import { adminSession } from '../support/tenant';

/**
 * Issue 32: no record id and no internal name anywhere in the staff app. Every staff screen, found
 * from the route files (a screen added later is walked too), is opened on a tenant whose records
 * touch every screen; what a person perceives (visible text, the page title, aria-labels and title
 * attributes) may hold no 24-hex id and none of the automation catalogue's type names. Every link
 * is drawn in the theme's colours, none in the browser's own blue or purple (a bare router link),
 * and no table splits a word across two lines.
 */
describe('portal: the staff app speaks plain language', () => {
  // Unknown addresses answer 404 on purpose (the catch-all is walked too).
  const harness = usePortalHarness({ expectedConsoleError: (text) => text.includes('the server responded with a status of 404') });
  let admin: Session;
  let data: StaffTenant;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    data = await seedStaffTenant(harness, admin);
  });

  /**
   * The record each parameter opens, by the segment before it. A new screen with a parameter this
   * table does not know fails the walk, so whoever adds it gives it a record to show.
   */
  const sampleFor = (route: StaffRoute, param: StaffRoute['params'][number]) => {
    const samples: Record<string, string> = {
      patients: data.ada.id,
      journeys: data.journey.id,
      tasks: data.ticket.id,
      'to-dos': data.todo.id,
      inbox: data.room.id,
      conversations: data.room.id,
      responses: data.response.id,
      // A form being filled in for a patient, by its access code.
      fill: data.accessCode,
      visits: data.visit.id,
      types: data.appointmentType.id,
      locations: data.location.id,
      'booking-pages': data.bookingPage.id,
      triggers: data.trigger.id,
      calendar: data.appointment.id,
      forms: data.form.id,
      templates: data.template.id,
      content: data.content.id,
      community: data.forum.id,
      products: data.product.id,
    };
    const sample = samples[param.after];
    if (!sample) throw new Error(`${route.file}: give the plain-language walk a record for :${param.name} after '${param.after}'`);
    return sample;
  };

  /** The addresses to open for a route: the route with its sample records, and extra views of some screens. */
  const addressesOf = (route: StaffRoute) => {
    if (route.pattern.endsWith('/*')) return [route.pattern.replace('*', 'no-such-screen')];
    const base = route.params.reduce((path, param) => path.replace(`:${param.name}`, sampleFor(route, param)), route.pattern);
    // The journey page with a step's edit form open (its pickers name steps, templates, forms, people).
    if (route.file === 'journeys_.$id.tsx') return [base, `${base}?step=${data.steps.task.id}`];
    // Every open task and to-do, the unassigned to-do among them.
    if (route.file === 'tasks.tsx') return [base, `${base}?queue=all`];
    return [base];
  };

  /** What some screens show only after a click: the dry run's planned steps. */
  const interact = async (page: Page, route: StaffRoute) => {
    if (route.file.endsWith('dry-run.tsx')) {
      await page.getByRole('button', { name: 'Dry run' }).click();
      await page.getByRole('heading', { name: /^Planned steps/ }).waitFor({ timeout: 60_000 });
    }
  };

  /** Links left in the browser's default colours (unvisited blue, visited purple): a router link without Joy's Link around it. */
  const unthemedLinks = (page: Page) =>
    page.evaluate<string[]>(
      `[...document.querySelectorAll('a')].filter((a) => ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'].includes(getComputedStyle(a).color)).map((a) => a.textContent.trim())`,
    );

  const problemsOn = async (page: Page, address: string) => {
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    return [
      ...internalWords(await perceivedText(page)).map((words) => `${address}: …${words}…`),
      ...(await unthemedLinks(page)).map((text) => `${address}: the link '${text}' is drawn in the browser's own colours`),
      ...(await splitWords(page, 'td, th')).map((word) => `${address}: a table splits the word '${word}' across two lines`),
    ];
  };

  it('every staff screen, found from the route files, shows no record id and no internal action or event name, draws its links in the theme and keeps words whole in its tables', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const routes = staffRoutes();
    // The walk reaches the screens this issue names (a sanity check on the route reading itself).
    expect(routes.map((route) => route.pattern)).toEqual(expect.arrayContaining(['/staff', '/staff/*', '/staff/journeys', '/staff/journeys/:id', '/staff/journeys/:id/dry-run', '/staff/errors', '/staff/analytics', '/staff/patients/:id']));
    await openAsAdmin(harness, '/staff');
    const problems: string[] = [];
    for (const route of routes) {
      for (const address of addressesOf(route)) {
        await page.goto(`${portal.url}${address}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await interact(page, route);
        problems.push(...(await problemsOn(page, address)));
        await screenshot(page, `staff-plain${address.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}`);
      }
    }
    expect(problems).toEqual([]);
    // Every screen is opened in turn (about thirty, more as screens land): longer than one page's test.
  }, 300_000);

  it("a record that does not exist shows the app's own not-found page in words, never an id or the patients' login", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff');
    const missing = '0123456789abcdef01234567';
    for (const [path, heading] of [
      [`/staff/patients/${missing}`, 'This patient does not exist or you cannot see them'],
      [`/staff/journeys/${missing}`, 'This journey does not exist or you cannot see it'],
      ['/staff/patients/not-an-id', 'This patient does not exist or you cannot see them'],
    ] as const) {
      const response = await page.goto(`${portal.url}${path}`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('navigation', { name: 'Staff' }).waitFor();
      expect(await problemsOn(page, path)).toEqual([]);
    }
    await screenshot(page, 'staff-patient-not-found');
  });
});
