import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { waitFor } from '../automations/support';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

const FORBIDDEN = 'You do not have access to this resource';

/**
 * Issue 18: a failed step retried from the console (background errors list and enduser timeline)
 * runs again in the enduser's journey workflow and sends its email once.
 */
describe('portal: staff console retries a failed step', () => {
  const harness = usePortalHarness({ mail: true, automations: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  /** An enduser without an email address in a journey whose onJourneyStart email therefore fails. */
  const failedEmail = async (fname: string) => {
    const suffix = randomBytes(3).toString('hex');
    const template = await admin.api.templates.createOne({ title: `Hello ${suffix}`, subject: 'Hello {{enduser.fname}}', message: 'Hi {{enduser.fname}}.' });
    const journey = await admin.api.journeys.createOne({ title: `Retry ${suffix}` } as never);
    await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: template.id, senderId: admin.userInfo.id } },
    } as never);
    const enduser = await admin.api.endusers.createOne({ fname, lname: `Retry${suffix}` } as never);
    await admin.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    const [failed] = await waitFor(
      () => admin.api.automated_actions.getSome({ filter: { enduserId: enduser.id } }),
      (rows) => rows[0]?.status === 'error',
      'the email step to fail',
      90_000,
    );
    const email = `${fname.toLowerCase()}-${suffix}@example.test`;
    return { suffix, journey, enduser, failed, email };
  };

  it('retries from the background errors list and from the timeline: each email is sent once and the step reads finished after retry', async () => {
    const { page, smtp } = harness;
    await page.setViewportSize(DESKTOP);
    const ada = await failedEmail('Ada');
    const bo = await failedEmail('Bo');

    await openAsAdmin(harness, '/staff/errors');
    const card = page.getByRole('listitem').filter({ hasText: `Journey: Retry ${ada.suffix}` });
    await card.getByText('The enduser has no email address').waitFor();
    const retry = card.getByRole('button', { name: 'Retry Automation step failed: Send email' });
    await retry.waitFor();
    await checkScreen(page, 'staff-errors-retry', DESKTOP);
    await checkScreen(page, 'staff-errors-retry', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Fixed, then retried: the chip follows the run to its end.
    await admin.api.endusers.updateOne(ada.enduser.id, { email: ada.email });
    await retry.click();
    await card.getByText('finished after retry').waitFor({ timeout: 60_000 });
    expect(await card.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
    await smtp.waitFor(ada.email);

    // From Bo's timeline, live.
    await page.goto(`${harness.portal.url}/staff/patients/${bo.enduser.id}`);
    await page.locator('[data-live="on"]').waitFor();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const row = timeline.getByRole('listitem').filter({ hasText: `Retry ${bo.suffix}: Send email` });
    await row.getByText('The enduser has no email address').waitFor();
    await checkScreen(page, 'staff-enduser-retry', DESKTOP);
    await checkScreen(page, 'staff-enduser-retry', MOBILE);
    await page.setViewportSize(DESKTOP);
    await admin.api.endusers.updateOne(bo.enduser.id, { email: bo.email });
    await row.getByRole('button', { name: new RegExp(`^Retry Send email .* of Retry ${bo.suffix}$`) }).click();
    await row.getByText('finished after retry').waitFor({ timeout: 60_000 });
    await timeline.getByRole('listitem').filter({ hasText: 'Hello Bo' }).waitFor({ timeout: 60_000 });
    await smtp.waitFor(bo.email);

    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.to(ada.email).map((message) => message.subject)).toEqual(['Hello Ada']);
    expect(smtp.to(bo.email).map((message) => message.subject)).toEqual(['Hello Bo']);
    expect(await admin.api.automated_actions.getOne(bo.failed.id)).toMatchObject({ status: 'finished' });
  }, 300_000);

  it('a role that may not update automated actions is offered no retry, and a forged retry is refused', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const cy = await failedEmail('Cy');
    const staff = await staffWithRole(harness, admin, { automated_actions: levels(null, 'All', null, null), background_errors: levels(null, 'All', null, null) });
    await page.goto(`${portal.url}/staff/patients/${cy.enduser.id}`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('list', { name: 'Timeline' }).getByText('The enduser has no email address').waitFor();
    expect(await page.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
    await page.goto(`${portal.url}/staff/errors`);
    await page.getByRole('listitem').filter({ hasText: `Journey: Retry ${cy.suffix}` }).waitFor();
    expect(await page.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
    for (const path of [`/staff/patients/${cy.enduser.id}`, '/staff/errors']) {
      const forged = await page.request.post(`${portal.url}${path}`, { form: { intent: 'retry', actionId: cy.failed.id } });
      expect(await forged.text()).toContain(FORBIDDEN);
    }
    expect(await admin.api.automated_actions.getOne(cy.failed.id)).toMatchObject({ status: 'error' });
  }, 180_000);
});
