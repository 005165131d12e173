import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { waitFor } from '../automations/support';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

const FORBIDDEN = 'You do not have access to this resource';

/** Issue 18: adding endusers to a journey (picked, or all a search finds, with progress) and removing them. */
describe('portal: staff console journey endusers', () => {
  // A worker of the suite's own runs the journeys, which put each added enduser in the default state.
  const harness = usePortalHarness({ mail: true, automations: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const stateOf = async (enduserId: string, journeyId: string) => ((await admin.api.endusers.getOne(enduserId)).journeys as Record<string, string> | undefined)?.[journeyId];
  const memberRows = async () =>
    (await harness.page.getByRole('table', { name: 'Patients in this journey' }).locator('tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim()).sort();

  it('searches, adds two picked endusers (they reach the default state) and removes one', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const journey = await admin.api.journeys.createOne({ title: `Welcome ${suffix}`, defaultState: 'Invited', states: [{ name: 'Invited', priority: 'N/A' }] } as never);
    const [fay, gus] = await Promise.all(
      ['Fay', 'Gus', 'Hal'].map((fname) => admin.api.endusers.createOne({ fname, lname: `Pick${suffix}`, email: `${fname.toLowerCase()}-${suffix}@example.com` } as never)),
    );

    await openAsAdmin(harness, `/staff/journeys/${journey.id}`);
    await page.getByText('No patient is in this journey yet. Add some below.').waitFor();
    const add = page.getByRole('region', { name: 'Add patients' });
    await add.getByLabel('Search patients to add').fill(`Pick${suffix}`);
    await add.getByRole('button', { name: 'Find' }).click();
    const found = add.getByRole('table', { name: 'Patients found' });
    await found.waitFor();
    expect((await found.locator('tbody tr').count())).toBe(3);
    await found.getByLabel(`Pick Fay Pick${suffix}`).check();
    await found.getByLabel(`Pick Gus Pick${suffix}`).check();
    await checkScreen(page, 'staff-journey-add', MOBILE);
    await page.setViewportSize(DESKTOP);
    await add.getByRole('button', { name: 'Add picked patients' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 2 patients to the journey' }).waitFor();

    await waitFor(async () => [await stateOf(fay!.id, journey.id), await stateOf(gus!.id, journey.id)], (states) => states.every((state) => state === 'Invited'), 'both runs to set the state');
    await page.reload();
    expect(await memberRows()).toEqual([`Fay Pick${suffix} Invited`, `Gus Pick${suffix} Invited`]);
    // Already in the journey: shown with the state, not offered again.
    await found.getByLabel(`Pick Hal Pick${suffix}`).waitFor();
    expect(await found.getByLabel(`Pick Fay Pick${suffix}`).count()).toBe(0);
    await checkScreen(page, 'staff-journey-members', DESKTOP);
    await checkScreen(page, 'staff-journey-members', MOBILE);
    await page.setViewportSize(DESKTOP);

    const members = page.getByRole('region', { name: 'Patients in this journey' });
    await members.getByLabel(`Pick Fay Pick${suffix}`).check();
    await members.getByRole('button', { name: 'Remove picked patients' }).click();
    await page.getByRole('status').filter({ hasText: 'Removed 1 patient from the journey' }).waitFor();
    await members.getByRole('row', { name: `Fay Pick${suffix}` }).waitFor({ state: 'detached' });
    expect(await memberRows()).toEqual([`Gus Pick${suffix} Invited`]);
    expect(await stateOf(fay!.id, journey.id)).toBeUndefined();
  });

  it('adds all 1,000 endusers a search finds, showing progress while the work runs', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const journey = await admin.api.journeys.createOne({ title: `Bulk ${suffix}`, defaultState: 'Enrolled', states: [{ name: 'Enrolled', priority: 'N/A' }] } as never);
    const { created } = await admin.api.endusers.createSome(Array.from({ length: 1000 }, (_, index) => ({ fname: `Member${index}`, lname: `Bulk${suffix}` })) as never);
    expect(created).toHaveLength(1000);

    await openAsAdmin(harness, `/staff/journeys/${journey.id}?q=Bulk${suffix}`);
    await page.getByRole('button', { name: `Add every patient matching “Bulk${suffix}”` }).click();
    // While the job runs, the page shows how far it got; then the total.
    await page.getByRole('status').filter({ hasText: /^Added \d+ of 1000 patients$/ }).waitFor({ timeout: 60_000 });
    await checkScreen(page, 'staff-journey-bulk', DESKTOP);
    // 1,000 workflow starts compete with the suite's other work for two cores: seen over 2 minutes.
    await page
      .getByRole('status')
      .filter({ hasText: 'Added 1000 patients to the journey' })
      .waitFor({ timeout: 300_000 })
      .catch(async (error) => {
        // Say where the job stood (a count, or the error it stopped on), not only that time ran out.
        throw new Error(`${(error as Error).message}\nthe page's status read: ${JSON.stringify(await page.getByRole('status').allInnerTexts())}`);
      });
    expect(await page.getByRole('progressbar', { name: 'Bulk add progress' }).getAttribute('aria-valuenow')).toBe('100');
    // The page's revalidation after the job (and any live update) keeps the result; so does a reload.
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Added 1000 patients to the journey' }).waitFor();

    // Every run started: Temporal holds one run of this journey for each of the 1,000. (That a run
    // puts its patient in the default state is the first test's; waiting here for the worker to run
    // all 1,000 took minutes of a two-core machine and proved nothing more.)
    const temporal = await harness.api.services.automations.temporal();
    const runs = async () => (await temporal.workflow.count(`CarelaneJourneyId = "${journey.id}"`)).count;
    await waitFor(runs, (count) => count === 1000, 'a run in Temporal for each of the 1,000 patients', 60_000);
  }, 600_000);

  it('a role that may not update endusers is offered no removal and a forged one is refused; a role that may not read them is offered no add and a forged one is refused', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const journey = await admin.api.journeys.createOne({ title: `Guarded ${suffix}` } as never);
    const ivy = await admin.api.endusers.createOne({ fname: 'Ivy', lname: `Guard${suffix}`, journeys: { [journey.id]: 'New' } } as never);
    const jo = await admin.api.endusers.createOne({ fname: 'Jo', lname: `Guard${suffix}` } as never);

    const reader = await staffWithRole(harness, admin, { endusers: levels(null, 'All', null, null) });
    await page.goto(`${portal.url}/staff/journeys/${journey.id}`);
    await signInStaff(page, reader.email, reader.password);
    await page.getByRole('table', { name: 'Patients in this journey' }).waitFor();
    expect(await page.getByRole('button', { name: 'Remove picked patients' }).count()).toBe(0);
    const removal = await page.request.post(`${portal.url}/staff/journeys/${journey.id}`, { form: { intent: 'remove', enduserId: ivy.id } });
    expect(await removal.text()).toContain(FORBIDDEN);
    expect(await stateOf(ivy.id, journey.id)).toBe('New');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    const blind = await staffWithRole(harness, admin, { endusers: levels(null, null, null, null) });
    await page.goto(`${portal.url}/staff/journeys/${journey.id}`);
    await signInStaff(page, blind.email, blind.password);
    await page.getByRole('heading', { name: `Guarded ${suffix}`, level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Add patients' }).count()).toBe(0);
    const adding = await page.request.post(`${portal.url}/staff/journeys/${journey.id}`, { form: { intent: 'add', enduserId: jo.id } });
    expect(await adding.text()).toContain(FORBIDDEN);
    expect(await stateOf(jo.id, journey.id)).toBeUndefined();
    // A forged bulk add of every match: the job stops at the api's refusal and adds nobody.
    const bulk = await page.request.post(`${portal.url}/staff/journeys/${journey.id}`, { form: { intent: 'addAll', q: `Guard${suffix}` }, maxRedirects: 0 });
    const jobId = new URL(bulk.headers().location ?? '', portal.url).searchParams.get('job');
    expect(jobId).toBeTruthy();
    const progress = await waitFor(
      async () => (await page.request.get(`${portal.url}/staff/jobs/${jobId}`)).json() as Promise<{ state: string; error?: string; added: number }>,
      (answer) => answer.state !== 'running',
      'the forged bulk add to stop',
      30_000,
    );
    expect(progress).toMatchObject({ state: 'failed', error: FORBIDDEN, added: 0 });
    expect(await stateOf(jo.id, journey.id)).toBeUndefined();
    expect(await stateOf(ivy.id, journey.id)).toBe('New');
  });

  it("names patients by the organization's own word for them", async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const journey = await admin.api.journeys.createOne({ title: `Worded ${suffix}` } as never);
    await admin.api.organizations.updateOne(harness.tenant.businessId, { enduserDisplayName: 'Clients' } as never);
    try {
      await openAsAdmin(harness, `/staff/journeys/${journey.id}`);
      await page.getByRole('heading', { name: 'Clients in this journey' }).waitFor();
      await page.getByText('No client is in this journey yet. Add some below.').waitFor();
      await page.getByRole('region', { name: 'Add clients' }).getByRole('button', { name: 'Add every client' }).waitFor();
      expect(await page.getByText(/enduser/i).count()).toBe(0);
    } finally {
      await admin.api.organizations.updateOne(harness.tenant.businessId, { enduserDisplayName: 'Patients' } as never);
    }
  });
});
