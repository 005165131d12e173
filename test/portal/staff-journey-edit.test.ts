import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { fillStates, statesShown } from '../support/journey-states';
import { adminSession } from '../support/tenant';

const FORBIDDEN = 'You do not have access to this resource';

/** Issue 18: a journey's own page in the staff console, where its title, states and default state are edited. */
describe('portal: staff console journey edit', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('edits title, states with priorities and the default state, with the api message on the field', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const title = `Intake ${randomBytes(3).toString('hex')}`;
    const journey = await admin.api.journeys.createOne({ title, defaultState: 'New', states: [{ name: 'New', priority: 'N/A' }] } as never);

    await openAsAdmin(harness, '/staff/journeys');
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const form = page.getByRole('region', { name: 'Edit journey' });
    expect(await form.getByLabel('Title').inputValue()).toBe(title);
    expect(await statesShown(form)).toEqual(['New | N/A']);
    await checkScreen(page, 'staff-journey', DESKTOP);
    await checkScreen(page, 'staff-journey', MOBILE);
    await page.setViewportSize(DESKTOP);

    await fillStates(form, [['Screening', 'Engaged'], ['Done', 'Disengaged']]);
    await form.getByLabel('Default state').fill('New');
    await form.getByRole('button', { name: 'Save journey' }).click();
    await form.getByText('defaultState does not exist in states', { exact: true }).waitFor();
    // The refused save changed nothing.
    expect((await admin.api.journeys.getOne(journey.id)).states).toEqual([{ name: 'New', priority: 'N/A' }]);

    await form.getByLabel('Title').fill(`${title} v2`);
    await form.getByLabel('Default state').fill('Screening');
    await form.getByRole('button', { name: 'Save journey' }).click();
    await form.getByRole('status').filter({ hasText: `Journey ${title} v2 saved` }).waitFor();
    await page.getByRole('heading', { name: `${title} v2`, level: 1 }).waitFor();
    const stored = await admin.api.journeys.getOne(journey.id);
    expect(stored).toMatchObject({ title: `${title} v2`, defaultState: 'Screening' });
    expect(stored.states).toEqual([
      { name: 'Screening', priority: 'Engaged' },
      { name: 'Done', priority: 'Disengaged' },
    ]);
    // The fields show what the api stored.
    expect(await statesShown(form)).toEqual(['Screening | Engaged', 'Done | Disengaged']);
  });

  it('draws the automation steps as a flowchart from their links, with each step in words', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const title = `Flow ${randomBytes(3).toString('hex')}`;
    const journey = await admin.api.journeys.createOne({ title } as never);
    const start = await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'setEnduserStatus', info: { status: 'Contacted' } },
    } as never);
    await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: start.id, delay: 2, unit: 'Days', delayInMS: 172_800_000 } }],
      action: { type: 'setEnduserStatus', info: { status: 'Followed up' } },
    } as never);
    await openAsAdmin(harness, `/staff/journeys/${journey.id}`);
    const steps = page.getByRole('region', { name: 'Automation steps' });
    expect(await steps.getByRole('list', { name: 'Steps' }).getByRole('listitem').allInnerTexts()).toEqual([
      "When the journey starts: Set the journey state to 'Contacted'",
      "2 days after “Set the journey state to 'Contacted'”: Set the journey state to 'Followed up'",
    ]);
    const chart = steps.getByTestId('flowchart');
    expect(await chart.locator('[data-step]').count()).toBe(2);
    expect(await chart.locator('[data-edge]').count()).toBe(1);
    // The second step is drawn below the one it follows.
    const [first, second] = await chart.locator('[data-step]').evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().top));
    expect(second).toBeGreaterThan(first ?? 0);
    await checkScreen(page, 'staff-journey-flowchart', DESKTOP);
    await checkScreen(page, 'staff-journey-flowchart', MOBILE);
  });

  it('a staff member whose role only reads journeys sees no create or edit form, and a forged save is refused by the api', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const title = `Readonly ${randomBytes(3).toString('hex')}`;
    const journey = await admin.api.journeys.createOne({ title } as never);
    const staff = await staffWithRole(harness, admin, { journeys: levels(null, 'All', null, null) });

    await page.goto(`${portal.url}/staff/journeys`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { name: 'Journeys', level: 1 }).waitFor();
    await page.getByRole('link', { name: title, exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Create a journey' }).count()).toBe(0);

    // Refused action 1: create, posted without the form.
    const created = await page.request.post(`${portal.url}/staff/journeys`, { form: { title: 'Sneaky' } });
    expect(await created.text()).toContain(FORBIDDEN);
    expect((await admin.api.journeys.getSome()).map((record) => record.title)).not.toContain('Sneaky');

    await page.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Edit journey' }).count()).toBe(0);
    await page.getByRole('region', { name: 'States' }).getByText('New (N/A), default').waitFor();

    // Refused action 2: edit, posted without the form.
    const saved = await page.request.post(`${portal.url}/staff/journeys/${journey.id}`, { form: { title: 'Renamed' } });
    expect(await saved.text()).toContain(FORBIDDEN);
    expect((await admin.api.journeys.getOne(journey.id)).title).toBe(title);
    await checkScreen(page, 'staff-journey-readonly', MOBILE);
  });
});
