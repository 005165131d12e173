import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession, registeredEnduserSession } from '../support/tenant';

/**
 * Submitted forms where a clinic looks for them: Today lists those submitted since yesterday began,
 * and Forms > Responses lists every one, newest first, by form, each opening on its patient's record.
 * A role that may not read responses sees neither.
 */
describe('portal: staff form responses', () => {
  // The browser reports the refusal page's own 403 answer as a console error; that answer is the point.
  const harness = usePortalHarness({ expectedConsoleError: (text) => text.includes('the server responded with a status of 403') });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('Today and the responses list show what patients and staff submitted, newest first, filtered by form; a role without access sees neither', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    await admin.api.users.updateOne(admin.userInfo.id, { fname: 'Dana', lname: 'Desk' } as never);
    const formWithField = async (title: string) => {
      const form = await admin.api.forms.createOne({ title });
      const field = await admin.api.form_fields.createOne({ formId: form.id, title: 'How are you feeling?', type: 'string', previousFields: [{ type: 'root', info: {} }] } as never);
      return { form, field };
    };
    const intake = await formWithField(`Intake ${suffix}`);
    const checkIn = await formWithField(`Weekly check-in ${suffix}`);
    const unused = await admin.api.forms.createOne({ title: `Exit survey ${suffix}` });
    const answer = (fieldId: string, value: string) => [{ fieldId, fieldTitle: 'How are you feeling?', answer: { type: 'string', value } }];

    // The patient fills in the intake from their portal session; then staff fill in a check-in for another patient.
    const email = `ivy-${suffix}@example.com`;
    const patient = await registeredEnduserSession(harness.api.host, harness.tenant, email);
    await admin.api.endusers.updateOne(patient.userInfo.id, { fname: 'Ivy', lname: `Intake${suffix}` } as never);
    const first = await admin.api.form_responses.prepare_form_response({ formId: intake.form.id, enduserId: patient.userInfo.id });
    await patient.api.form_responses.submit_form_response({ accessCode: first.accessCode, responses: answer(intake.field.id, 'Nervous') } as never);
    const other = await admin.api.endusers.createOne({ fname: 'Otto', lname: `Checkin${suffix}`, email: `otto-${suffix}@example.com` });
    const second = await admin.api.form_responses.prepare_form_response({ formId: checkIn.form.id, enduserId: other.id });
    await admin.api.form_responses.submit_form_response({ accessCode: second.accessCode, responses: answer(checkIn.field.id, 'Better') } as never);
    // Prepared and never submitted: in neither list.
    await admin.api.form_responses.prepare_form_response({ formId: unused.id, enduserId: other.id });

    // Today: both, the newest first, each opening the response on the patient's record.
    await openAsAdmin(harness, '/staff');
    const today = page.getByRole('region', { name: 'Forms submitted since yesterday' });
    // Only this run's (a retry runs on the same clinic).
    const lines = today.getByRole('listitem').filter({ hasText: suffix });
    await lines.first().waitFor();
    expect(await lines.allInnerTexts()).toEqual([expect.stringContaining(`Weekly check-in ${suffix}`), expect.stringContaining(`Intake ${suffix}`)]);
    expect(await lines.first().innerText()).toContain(`Otto Checkin${suffix}`);
    await today.getByRole('link', { name: `Intake ${suffix}` }).click();
    await page.getByText('Nervous').waitFor();
    const [submitted] = await admin.api.form_responses.getSome({ filter: { accessCode: first.accessCode } });
    expect(new URL(page.url()).pathname).toBe(`/staff/patients/${patient.userInfo.id}/responses/${submitted!.id}`);

    // Forms > Responses: every submitted response, who filled it in, and a filter by form.
    await page.goto(`${portal.url}/staff/forms`);
    await page.getByRole('link', { name: 'Responses', exact: true }).click();
    await page.getByRole('heading', { name: 'Form responses', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Form responses' });
    const rows = table.getByRole('row');
    await rows.nth(2).waitFor();
    // The newest first: the two of this run lead the list.
    expect(await rows.nth(1).innerText()).toMatch(new RegExp(`Weekly check-in ${suffix}\\s+Otto Checkin${suffix}\\s+.+\\s+Dana Desk`));
    expect(await rows.nth(2).innerText()).toMatch(new RegExp(`Intake ${suffix}\\s+Ivy Intake${suffix}\\s+.+\\s+The patient`));
    expect(await table.getByText(`Exit survey ${suffix}`).count()).toBe(0);
    await checkScreen(page, 'staff-form-responses', DESKTOP);
    await checkScreen(page, 'staff-form-responses', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('combobox', { name: 'Form' }).selectOption({ label: `Intake ${suffix}` });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('form') === intake.form.id);
    await table.getByRole('row').nth(2).waitFor({ state: 'detached' });
    expect(await table.getByRole('row').nth(1).innerText()).toContain(`Ivy Intake${suffix}`);

    // A form nobody answered: says so, and how to send it. Its own page links here.
    await page.goto(`${portal.url}/staff/forms/${unused.id}`);
    await page.getByRole('link', { name: 'Responses to this form' }).click();
    await page.getByRole('heading', { name: `No responses to Exit survey ${suffix} yet` }).waitFor();
    await checkScreen(page, 'staff-form-responses-empty', MOBILE);

    // A role that may read forms but not their responses: no Today panel, no button, the app's own refusal.
    const staff = await staffWithRole(harness, admin, { forms: levels(null, 'All', null, null), form_responses: levels(null, null, null, null) });
    await page.setViewportSize(DESKTOP);
    await page.context().clearCookies();
    await page.goto(`${portal.url}/staff`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Forms submitted since yesterday' }).count()).toBe(0);
    await page.goto(`${portal.url}/staff/forms`);
    await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Responses', exact: true }).count()).toBe(0);
    await page.goto(`${portal.url}/staff/forms/responses`);
    await page.getByRole('heading', { name: 'You do not have access to this page', level: 1 }).waitFor();
    expect(await page.getByText(`Intake ${suffix}`).count()).toBe(0);
  });
});
