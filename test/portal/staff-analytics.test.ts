import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { setTimes } from '../analytics/support';
import { DAY, seedDashboard } from '../analytics/dashboard-fixture';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

const FORBIDDEN = 'You do not have access to this resource';

/** The rows of a chart's data table, as [label, count] pairs. */
const tableRows = async (page: Page, title: string) => {
  const rows = page.getByRole('table', { name: `Counts of ${title}` }).locator('tbody tr');
  return Promise.all((await rows.all()).map((row) => row.locator('td').allTextContents()));
};

/** Issue 18: the organization's analytics frames as charts, and creating one from the console. */
describe('portal: staff console analytics', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('charts seeded endusers with the right counts: a frame made in the console grouped by gender, and a monthly frame with a createdRange', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const genders = ['Female', 'Female', 'Male', 'Female', undefined];
    const months = ['2024-01-05T10:00:00Z', '2024-01-20T10:00:00Z', '2024-03-02T10:00:00Z', '2024-03-30T10:00:00Z', '2023-12-31T10:00:00Z'];
    for (const [index, gender] of genders.entries()) {
      const enduser = await admin.api.endusers.createOne({ fname: `Chart${index}`, ...(gender ? { gender } : {}) } as never);
      await setTimes(harness.api, 'endusers', enduser.id, { createdAt: months[index], updatedAt: months[index] });
    }
    const monthly = `Monthly ${randomBytes(3).toString('hex')}`;
    await admin.api.analytics_frames.createOne({
      title: monthly,
      query: { resource: 'Endusers', info: { method: 'Total' }, range: { interval: 'Monthly', key: 'Created At' } },
      createdRange: { from: new Date('2024-01-01T00:00:00Z'), to: new Date('2024-12-31T23:59:59Z') },
    } as never);

    await openAsAdmin(harness, '/staff/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    // The empty February is drawn as a zero between January and March; December 2023 is outside the createdRange.
    expect(await tableRows(page, monthly)).toEqual([
      ['Jan 2024', '2'],
      ['Feb 2024', '0'],
      ['Mar 2024', '2'],
    ]);
    await page.getByRole('img', { name: `${monthly}: bar chart of 3 bars, 4 in all, highest Jan 2024 with 2` }).waitFor();

    const byGender = `By gender ${randomBytes(3).toString('hex')}`;
    const form = page.getByRole('region', { name: 'Create a chart' });
    await form.getByLabel('Title').fill(byGender);
    await form.getByLabel('Counts').selectOption('Endusers');
    await form.getByLabel('Group by', { exact: true }).selectOption('Gender');
    await form.getByRole('button', { name: 'Create chart' }).click();
    await form.getByRole('status').filter({ hasText: `Chart ${byGender} created` }).waitFor();
    // The page reloads its frames after the create: wait for the new chart, then read its numbers.
    await page.getByRole('img', { name: `${byGender}: bar chart of 3 bars, 5 in all, highest Female with 3` }).waitFor();
    // Each bar's length is its share of the largest count.
    const barWidths = await page
      .getByRole('img', { name: new RegExp(`^${byGender}: bar chart`) })
      .locator('rect[fill="var(--joy-palette-primary-solidBg)"]')
      .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('width')));
    expect(barWidths.map((width) => Math.round(parseFloat(width ?? '')))).toEqual([100, 33, 33]);
    expect(await tableRows(page, byGender)).toEqual([
      ['Female', '3'],
      ['Male', '1'],
      ['None', '1'],
    ]);
    expect((await admin.api.analytics_frames.getSome()).find((frame) => frame.title === byGender)?.query).toMatchObject({
      resource: 'Endusers',
      info: { method: 'Total' },
      grouping: { Gender: true },
    });

    // A frame without a title: the api's message on the field, nothing created.
    const before = (await admin.api.analytics_frames.getSome()).length;
    await form.getByRole('button', { name: 'Create chart' }).click();
    await form.getByText('Title is required', { exact: true }).waitFor();
    expect((await admin.api.analytics_frames.getSome()).length).toBe(before);

    await checkScreen(page, 'staff-analytics', DESKTOP);
    await checkScreen(page, 'staff-analytics', MOBILE);
  });

  it('a non-admin sees no create form, the api refuses a forged create, and the charts show the api refusing the query', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const title = `Seen ${randomBytes(3).toString('hex')}`;
    await admin.api.analytics_frames.createOne({ title, query: { resource: 'Endusers', info: { method: 'Total' } } } as never);
    const staff = await staffWithRole(harness, admin, { analytics_frames: levels(null, 'All', null, null) });

    await page.goto(`${portal.url}/staff/analytics`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.getByRole('heading', { name: title, level: 3 }).waitFor();
    // Counting is Admin-only: the api's message takes the chart's place.
    await page.getByText('Admin access only', { exact: true }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Create a chart' }).count()).toBe(0);

    // Refused action: create, posted without the form.
    const created = await page.request.post(`${portal.url}/staff/analytics`, { form: { title: 'Sneaky', resource: 'Endusers', interval: 'Total' } });
    expect(await created.text()).toContain(FORBIDDEN);
    expect((await admin.api.analytics_frames.getSome()).map((frame) => frame.title)).not.toContain('Sneaky');
    await checkScreen(page, 'staff-analytics-readonly', MOBILE);
  });

  it('the dashboard shows ready charts with the right counts for seeded data, before any chart of their own', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const title = `Onboarding ${randomBytes(3).toString('hex')}`;
    const { monday } = await seedDashboard(harness.api, admin, title);
    const week = (start: number) => `Week of ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(start)}`;

    await openAsAdmin(harness, '/staff/analytics');
    const dashboard = page.getByRole('region', { name: 'Dashboard' });
    await dashboard.getByRole('heading', { name: 'New patients per week', level: 3 }).waitFor();
    const newPatients = await tableRows(page, 'New patients per week');
    expect(newPatients).toHaveLength(8);
    expect(newPatients.slice(-2)).toEqual([
      [week(monday.getTime() - 7 * DAY), '1'],
      [week(monday.getTime()), '2'],
    ]);
    expect(newPatients.slice(0, -2).every(([, count]) => count === '0')).toBe(true);
    expect(await tableRows(page, 'Appointments by status')).toEqual([
      ['Booked', '1'],
      ['Cancelled', '1'],
      ['Completed', '1'],
    ]);
    expect((await tableRows(page, 'Forms completed per week')).at(-1)).toEqual([week(monday.getTime()), '1']);
    expect(await tableRows(page, 'Messages by channel')).toEqual([
      ['Email', '2'],
      ['Text message', '1'],
      ['Chat', '1'],
    ]);
    expect(await tableRows(page, `${title}: patients by state`)).toEqual([
      ['New', '1'],
      ['Active', '2'],
      ['Done', '1'],
    ]);
    // The ready charts come before the organization's own charts.
    const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.indexOf('Dashboard')).toBeLessThan(headings.indexOf('Your charts'));
    await checkScreen(page, 'staff-analytics-dashboard', DESKTOP);
    await checkScreen(page, 'staff-analytics-dashboard', MOBILE);
  });
});
