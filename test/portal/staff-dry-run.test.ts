import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

/** Issue 18: a journey's dry run in the staff console: what would be sent and when, sending nothing. */
describe('portal: staff console journey dry run', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('plans an onJourneyStart email and a delayed SMS with their rendered templates, and creates no email or SMS record', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const welcome = await admin.api.templates.createOne({ title: `Welcome ${suffix}`, subject: 'Welcome {{enduser.fname}}', message: 'Hello {{enduser.fname}} {{enduser.lname}}, your care team is here.' });
    const reminder = await admin.api.templates.createOne({ title: `Reminder ${suffix}`, subject: 'Reminder', message: 'Hi {{enduser.fname}}, how are you feeling today?' });
    const journey = await admin.api.journeys.createOne({ title: `Onboarding ${suffix}` });
    const first = await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: welcome.id, senderId: admin.userInfo.id } },
    } as never);
    await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: first.id, delay: 2, unit: 'Days', delayInMS: 2 * 86_400_000 } }],
      action: { type: 'sendSMS', info: { templateId: reminder.id, senderId: admin.userInfo.id } },
    } as never);
    const endusersBefore = await admin.api.endusers.getSome();

    await openAsAdmin(harness, `/staff/journeys/${journey.id}/dry-run`);
    await page.getByRole('heading', { name: `Dry run: Onboarding ${suffix}`, level: 1 }).waitFor();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByRole('button', { name: 'Dry run' }).click();

    const planned = page.getByRole('region', { name: 'Planned steps (2)' });
    const email = planned.getByRole('listitem', { name: 'Step 1: Email' });
    await email.getByText('At the start', { exact: true }).waitFor();
    await email.getByText('Welcome Robin', { exact: true }).waitFor();
    await email.getByText('Hello Robin Tester, your care team is here.', { exact: true }).waitFor();
    await email.getByText('To test.enduser@example.com', { exact: true }).waitFor();
    const sms = planned.getByRole('listitem', { name: 'Step 2: SMS' });
    await sms.getByText('2 days after the start', { exact: true }).waitFor();
    await sms.getByText('Hi Robin, how are you feeling today?', { exact: true }).waitFor();
    await page.getByText(/^Run by the journey workflow itself on Temporal's time-skipping test server \(2 simulated days\)\.$/).waitFor();

    // Nothing was sent or written: no email, no SMS, no automated action, no new enduser.
    expect(await harness.api.dataSource.getRepository('emails').countBy({ businessId: harness.tenant.businessId })).toBe(0);
    expect(await harness.api.dataSource.getRepository('sms_messages').countBy({ businessId: harness.tenant.businessId })).toBe(0);
    expect(await harness.api.dataSource.getRepository('automated_actions').countBy({ businessId: harness.tenant.businessId })).toBe(0);
    expect((await admin.api.endusers.getSome()).length).toBe(endusersBefore.length);

    await checkScreen(page, 'staff-dry-run', DESKTOP);
    await checkScreen(page, 'staff-dry-run', MOBILE);
  });

  it('a role that may not read journeys gets no dry run, and a forged one is refused by the api', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const journey = await admin.api.journeys.createOne({ title: `Hidden ${randomBytes(3).toString('hex')}` });
    const staff = await staffWithRole(harness, admin, { journeys: levels(null, null, null, null), endusers: levels(null, 'All', null, null) });
    await page.goto(`${portal.url}/staff/patients`);
    await signInStaff(page, staff.email, staff.password);
    await page.waitForURL(`${portal.url}/staff/patients`);
    await page.getByRole('heading', { name: 'Patients', level: 1 }).waitFor();
    // A journey the role cannot read is one it cannot see: the staff app's own not-found page, which
    // does not tell a hidden record from a missing one (read as a request: the browser logs a 404 as a console error).
    const opened = await page.request.get(`${portal.url}/staff/journeys/${journey.id}/dry-run`);
    expect(opened.status()).toBe(404);
    expect(await opened.text()).toContain('This journey does not exist or you cannot see it');
    expect(await opened.text()).not.toContain('name="fname"'); // no dry run form
    const forged = await page.request.post(`${portal.url}/staff/journeys/${journey.id}/dry-run`, { form: { fname: 'Robin', lname: 'Tester' } });
    expect(await forged.text()).toContain('You do not have access to this resource');
  });
});
