import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations as seriousViolations } from '../support/axe';
import { screenshot } from '../support/portal-pages';
import { usePortalHarness } from '../support/portal-harness';
import { fillStates } from '../support/journey-states';
import { adminSession } from '../support/tenant';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** Issue 18: the staff console under /staff (sign-in, frame, journeys). */
describe('portal: the staff console', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const signIn = async (page: Page, email = harness.tenant.adminEmail, password = harness.tenant.adminPassword) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it('without a session a console page goes to /staff/login, and signing in comes back to it; log out ends the session', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${portal.url}/staff/patients`);
    await page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/login');
    expect(await seriousViolations(page)).toEqual([]);

    await signIn(page, harness.tenant.adminEmail, 'wrong-password-1');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    await signIn(page);
    await page.waitForURL(`${portal.url}/staff/patients`);
    const nav = page.getByRole('navigation', { name: 'Staff' });
    // The client-side navigation changes the address before the console has rendered.
    await page.getByRole('heading', { name: 'Patients', level: 1 }).waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Today', 'Inbox', 'Patients', 'Calendar', 'Tasks', 'Journeys', 'Triggers', 'Forms', 'Templates', 'Content', 'Community', 'Portal', 'Scheduling', 'Products', 'Settings', 'Analytics', 'Errors', 'Your account']);
    await screenshot(page, 'staff-console-frame');
    expect(await seriousViolations(page)).toEqual([]);

    // The token is held server-side: the page's script sees no session cookie (httpOnly), only the zone the page reported.
    expect(String(await page.evaluate('document.cookie')).split('; ').filter((cookie) => cookie && !cookie.startsWith('carelane_tz='))).toEqual([]);
    // The enduser portal's session is not the staff one: / still shows the signed-out landing rules.
    await page.goto(`${portal.url}/home`);
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.goto(`${portal.url}/staff/journeys`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    await page.goto(`${portal.url}/staff/journeys`);
    expect(new URL(page.url()).pathname).toBe('/staff/login');
    // The reference client's logout (logout-api) ended every token of the account: sign the test's admin in again.
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('journeys: lists each state with how many endusers are in it, and creates a journey with the api messages on the field', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const title = `Onboarding ${randomBytes(3).toString('hex')}`;
    const journey = await admin.api.journeys.createOne({
      title,
      defaultState: 'New',
      states: [
        { name: 'New', priority: 'N/A' },
        { name: 'Active', priority: 'Engaged' },
      ],
    } as never);
    for (const [fname, state] of [['Ann', 'New'], ['Bo', 'Active'], ['Cy', 'Active']] as const) {
      await admin.api.endusers.createOne({ fname, lname: 'Patient', journeys: { [journey.id]: state } } as never);
    }

    await page.goto(`${portal.url}/staff/journeys`);
    await signIn(page);
    await page.waitForURL(`${portal.url}/staff/journeys`);
    const states = page.getByRole('table', { name: `States of ${title}` });
    await states.waitFor();
    const rows = await states.locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual(['New default N/A 1', 'Active Engaged 2']);

    // A default state missing from the states: the api's own message under the field.
    const form = page.getByRole('region', { name: 'Create a journey' });
    await form.getByLabel('Title').fill('Follow-up');
    await fillStates(form, [['Open', 'N/A'], ['Closed', 'Disengaged']]);
    await form.getByLabel('Default state').fill('Nowhere');
    await form.getByRole('button', { name: 'Create journey' }).click();
    await form.getByText('defaultState does not exist in states', { exact: true }).waitFor();

    await form.getByLabel('Default state').fill('Open');
    await form.getByRole('button', { name: 'Create journey' }).click();
    await form.getByRole('status').filter({ hasText: 'Journey Follow-up created' }).waitFor();
    const created = page.getByRole('table', { name: 'States of Follow-up' });
    await created.waitFor();
    const createdRows = await created.locator('tbody tr').allInnerTexts();
    expect(createdRows.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual(['Open default N/A 0', 'Closed Disengaged 0']);
    const stored = (await admin.api.journeys.getSome()).find((record) => record.title === 'Follow-up');
    expect(stored?.defaultState).toBe('Open');

    await screenshot(page, 'staff-journeys');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await page.reload();
    await created.waitFor();
    // Nothing overflows sideways on a phone.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'staff-journeys');
    expect(await seriousViolations(page)).toEqual([]);
  });

  // The patient list (search, sort, views) and the patient record (journeys, timeline, cancelling a
  // pending step) have suites of their own: staff-patient-list, staff-patient-record and
  // staff-enduser-timeline.
});
