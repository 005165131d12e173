import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

const FORBIDDEN = 'You do not have access to this resource';

/** Issue 18: background errors in the console, with the failing step and the enduser. */
describe('portal: staff console background errors', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  /** A failed step as the worker leaves it: the automated action in error and a background error naming enduser and journey. */
  const failedStep = async (suffix: string) => {
    const journey = await admin.api.journeys.createOne({ title: `Broken ${suffix}` } as never);
    const enduser = await admin.api.endusers.createOne({ fname: 'Oli', lname: `Err${suffix}` } as never);
    const step = await admin.api.automation_steps.createOne({ journeyId: journey.id, events: [{ type: 'onJourneyStart', info: {} }], action: { type: 'setEnduserStatus', info: { status: 'Contacted' } } } as never);
    await admin.api.automated_actions.createOne({ automationStepId: step.id, enduserId: enduser.id, journeyId: journey.id, event: { type: 'onJourneyStart', info: {} }, action: { type: 'setEnduserStatus', info: { status: 'Contacted' } }, status: 'error', processAfter: Date.now() - 1000 } as never);
    const error = await admin.api.background_errors.createOne({ title: `Automation error ${suffix}`, message: 'Missing email', journeyId: journey.id, enduserId: enduser.id } as never);
    return { journey, enduser, error };
  };

  it('lists each error with its failing step, journey and enduser, and acknowledging takes it off the list', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const { enduser, error } = await failedStep(suffix);
    await openAsAdmin(harness, '/staff/errors');
    const card = page.getByRole('listitem', { name: `Automation error ${suffix}` });
    await card.getByText('Missing email').waitFor();
    await card.getByText(`Journey: Broken ${suffix} · Failing step: When the journey starts: Set journey state`).waitFor();
    expect(await card.getByRole('link', { name: 'Open the patient' }).getAttribute('href')).toBe(`/staff/patients/${enduser.id}`);
    await checkScreen(page, 'staff-errors', DESKTOP);
    await checkScreen(page, 'staff-errors', MOBILE);
    await page.setViewportSize(DESKTOP);
    await card.getByRole('button', { name: `Acknowledge Automation error ${suffix}` }).click();
    await card.waitFor({ state: 'detached' });
    expect((await admin.api.background_errors.getOne(error.id)).acknowledgedAt).toBeTruthy();
  });

  it('a role that may not update background errors is offered no acknowledge, and a forged one is refused', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const { error } = await failedStep(suffix);
    const staff = await staffWithRole(harness, admin, { background_errors: levels(null, 'All', null, null) });
    await page.goto(`${portal.url}/staff/errors`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('listitem', { name: `Automation error ${suffix}` }).waitFor();
    expect(await page.getByRole('button', { name: /^Acknowledge/ }).count()).toBe(0);
    const forged = await page.request.post(`${portal.url}/staff/errors`, { form: { errorId: error.id } });
    expect(await forged.text()).toContain(FORBIDDEN);
    expect((await admin.api.background_errors.getOne(error.id)).acknowledgedAt).toBeFalsy();
  });
});
