import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

const FORBIDDEN = 'You do not have access to this resource';
const NONE = levels(null, null, null, null);
const READ_ONLY = levels(null, 'All', null, null);

/**
 * Issue 32: a Non-Admin sees and does only what its role allows (docs/contract/access.md). The navigation
 * leaves out what the role cannot read, such pages answer the app's own 403 inside its frame, forms
 * the role may not submit are not offered, and the api still refuses a forged one.
 */
describe('portal: what a Non-Admin staff member sees and does', () => {
  const harness = usePortalHarness({ expectedConsoleError: (text) => /status of 40[34]/.test(text) });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('the navigation, Today, forbidden pages and read-only journeys follow the role', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const title = `Read only ${randomBytes(3).toString('hex')}`;
    const journey = await admin.api.journeys.createOne({ title, states: [{ name: 'New', priority: 'N/A' }] } as never);
    await admin.api.automation_steps.createOne({ journeyId: journey.id, events: [{ type: 'onJourneyStart', info: {} }], action: { type: 'setEnduserStatus', info: { status: 'New' } } } as never);
    await admin.api.background_errors.createOne({ title: 'Hidden from this role', message: 'Missing email' } as never);
    const staff = await staffWithRole(harness, admin, {
      analytics_frames: NONE,
      background_errors: NONE,
      tickets: NONE,
      tasks: NONE,
      journeys: READ_ONLY,
      automation_steps: READ_ONLY,
    });

    await page.goto(`${portal.url}/staff`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Staff' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Today', 'Inbox', 'Patients', 'Calendar', 'Journeys', 'Triggers', 'Forms', 'Templates', 'Content', 'Community', 'Portal', 'Scheduling', 'Products', 'Your account']);
    // Today shows only the lists the role may read.
    expect(await page.getByRole('heading', { name: 'Recent background errors' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Your tasks due today' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Unread conversations' }).waitFor();
    await checkScreen(page, 'staff-roles-today', DESKTOP);

    for (const [path, words] of [
      ['/staff/errors', 'see background errors'],
      ['/staff/analytics', 'see analytics'],
      // Settings are for Admins, whatever the role's matrix says.
      ['/staff/settings/billing', 'set the details printed on superbills'],
    ] as const) {
      const response = await page.goto(`${portal.url}${path}`);
      expect(response?.status()).toBe(403);
      await page.getByRole('heading', { name: 'You do not have access to this page', level: 1 }).waitFor();
      await page.getByText(`Your role does not let you ${words}. An Admin can change what your role allows.`).waitFor();
      await nav.waitFor();
      expect(await page.getByText('Hidden from this role').count()).toBe(0);
    }
    await checkScreen(page, 'staff-roles-forbidden', DESKTOP);
    await checkScreen(page, 'staff-roles-forbidden', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Journeys: read, not create or change.
    await page.goto(`${portal.url}/staff/journeys`);
    await page.getByRole('heading', { name: title, level: 2 }).waitFor();
    expect(await page.getByRole('region', { name: 'Create a journey' }).count()).toBe(0);
    await page.goto(`${portal.url}/staff/journeys/${journey.id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Steps' }).getByText("When the journey starts: Set the journey state to 'New'").waitFor();
    expect(await page.getByRole('region', { name: 'Change steps' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Edit journey' }).count()).toBe(0);

    // The api still decides: a forged create is refused with its own words, and nothing is created.
    const forged = await page.request.post(`${portal.url}/staff/journeys`, { form: { title: 'Sneaky', states: 'New', defaultState: 'New' } });
    expect(await forged.text()).toContain(FORBIDDEN);
    expect((await admin.api.journeys.getSome()).map((record) => record.title)).not.toContain('Sneaky');
  });
});
