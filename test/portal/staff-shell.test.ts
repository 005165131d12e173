import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { seedStaffTenant, type StaffTenant } from '../support/staff-tenant-data';
import { adminSession } from '../support/tenant';

/**
 * Issue 32: the staff app's frame and its home. Navigation (Today, Inbox with its unread count,
 * the organization's word for patients, Tasks, Journeys, Analytics, Errors) at 1280 px in a sidebar
 * and at 390 px in a drawer, a skip link, the current page marked; Today's lists with links, on the
 * staff member's clock.
 */
describe('portal: the staff frame and Today', () => {
  const harness = usePortalHarness();
  let admin: Session;
  let data: StaffTenant;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    data = await seedStaffTenant(harness, admin);
    await admin.api.organizations.updateOne(harness.tenant.businessId, { enduserDisplayName: 'Client' } as never);
    await admin.api.users.updateOne(admin.userInfo.id, { timezone: 'America/Los_Angeles' } as never);
  });

  it('at 1280 px: a sidebar with the sections, the unread count and the current page; Today lists what is due with links', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff');
    const nav = page.getByRole('navigation', { name: 'Staff' });
    expect((await nav.getByRole('link').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))).toEqual(['Today', 'Inbox 1', 'Clients', 'Calendar', 'Tasks', 'Journeys', 'Triggers', 'Forms', 'Templates', 'Content', 'Community', 'Portal', 'Scheduling', 'Products', 'Settings', 'Analytics', 'Errors', 'Your account']);
    await nav.locator('[data-inbox-unread="1"]').waitFor();
    expect(await nav.getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: /^Inbox/ }).getAttribute('href')).toBe('/staff/inbox');

    await page.getByText(/times in America\/Los Angeles/).waitFor();
    const conversations = page.getByRole('region', { name: 'Unread conversations' });
    await conversations.getByText('Is my appointment still at noon?').waitFor();
    expect(await conversations.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(`/staff/inbox?c=chat%3A${data.room.id}`);
    const tasks = page.getByRole('region', { name: 'Your tasks due today' });
    expect(await tasks.getByRole('link', { name: 'Call about the intake questionnaire' }).getAttribute('href')).toBe(`/staff/tasks/${data.ticket.id}`);
    await tasks.getByText('Overdue').waitFor();
    await tasks.getByText(/^Due .* P[SD]T$/).waitFor();
    const appointments = page.getByRole('region', { name: "Today's appointments" });
    expect(await appointments.getByRole('link', { name: 'First visit' }).getAttribute('href')).toBe(`/staff/calendar/${data.appointment.id}`);
    await appointments.getByText(/ P[SD]T$/).waitFor();
    const errors = page.getByRole('region', { name: 'Recent background errors' });
    await errors.getByRole('link', { name: 'Automation step failed: Send email' }).waitFor();
    await errors.getByText("Template could not be rendered for 'Send email'").waitFor();
    // Nothing submitted yet: the panel says what will show, in the organization's word for its patients.
    await page.getByRole('region', { name: 'Forms submitted since yesterday' }).getByText('No forms submitted since yesterday. Forms clients fill in show here as they submit them.').waitFor();
    await checkScreen(page, 'staff-today', DESKTOP);

    // Keyboard: the first Tab reaches the skip link, which moves focus to the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement?.textContent ?? ""')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string>('document.activeElement?.id ?? ""')).toBe('main');

    await nav.getByRole('link', { name: 'Journeys' }).click();
    await page.getByRole('heading', { name: 'Journeys', level: 1 }).waitFor();
    expect(await nav.getByRole('link', { name: 'Journeys' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBeNull();
    // Back to Today from another page (a document load: the staff cookie's path, sections.ts).
    await nav.getByRole('link', { name: 'Today' }).click();
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();

    // The badge's count, read in the background. Once the api ends the session (a sign-out
    // elsewhere, or one racing the read), that read leads to the sign-in page: never an error.
    expect(await (await page.request.get(`${harness.portal.url}/staff/inbox/unread`)).json()).toEqual({ count: 1 });
    await (await adminSession(harness.api.host, harness.tenant)).logout();
    const stale = await page.request.get(`${harness.portal.url}/staff/inbox/unread`);
    expect(stale.status()).toBe(200);
    expect(new URL(stale.url()).pathname).toBe('/staff/login');
  });

  it('at 390 px: a top bar whose menu opens the navigation in a drawer', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(MOBILE);
    await openAsAdmin(harness, '/staff/journeys');
    await page.getByRole('heading', { name: 'Journeys', level: 1 }).waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await page.getByRole('navigation', { name: 'Staff' }).count()).toBe(0);
    await checkScreen(page, 'staff-frame-phone', MOBILE);
    await page.getByRole('button', { name: 'Open menu, 1 unread' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const nav = drawer.getByRole('navigation', { name: 'Staff' });
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'Journeys' }).getAttribute('aria-current')).toBe('page');
    await checkScreen(page, 'staff-drawer', MOBILE);
    await nav.getByRole('link', { name: 'Clients' }).click();
    await page.waitForURL(`${portal.url}/staff/patients`);
    await drawer.waitFor({ state: 'detached' });

    await page.goto(`${portal.url}/staff`);
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    await checkScreen(page, 'staff-today', MOBILE);
  });
});
