import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession, registeredEnduserSession } from '../support/tenant';

type Event = { enduserTasks?: { id: string; enduserId: string }[]; enduserFormResponses?: { enduserId: string; formId: string; accessCode: string }[] };

/**
 * An appointment's "Before the visit" (docs/contract/portal.md#events: the portal's event page lists
 * the event's tasks and form responses): staff add a to-do and ask for a form; the patient's progress
 * shows on the appointment; a to-do taken back leaves the appointment and is deleted.
 */
describe('portal: staff visit preparation', () => {
  // A to-do without words is refused with a 400, which the browser reports; it is the point.
  const harness = usePortalHarness({ expectedConsoleError: (text) => text.includes('the server responded with a status of 400') });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('adds a to-do and a form to an appointment, shows when the patient has done them, and takes one back', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const patientSession = await registeredEnduserSession(harness.api.host, harness.tenant, `pia-${suffix}@example.com`);
    const patientId = patientSession.userInfo.id as string;
    await admin.api.endusers.updateOne(patientId, { fname: 'Pia', lname: `Prep${suffix}` } as never);
    const intake = await admin.api.forms.createOne({ title: `Intake ${suffix}` } as never);
    await admin.api.form_fields.createOne({ formId: intake.id, title: 'Any allergies?', type: 'string', previousFields: [{ type: 'root', info: {} }] } as never);
    const event = await admin.api.calendar_events.createOne({
      title: 'Check-up',
      // Later today on the test's clock (UTC), so Today lists it too.
      startTimeInMS: new Date().getUTCHours() >= 23 ? Date.now() - 30 * 60_000 : Date.now() + 30 * 60_000,
      durationInMinutes: 30,
      attendees: [{ type: 'user', id: admin.userInfo.id }, { type: 'enduser', id: patientId }],
    } as never);
    const stored = async () => (await admin.api.calendar_events.getOne(event.id)) as unknown as Event;

    await openAsAdmin(harness, `/staff/calendar/${event.id}`);
    const section = page.getByRole('region', { name: 'Before the visit' });
    await section.getByText(`Nothing asked of Pia Prep${suffix} yet.`, { exact: false }).waitFor();

    // A to-do needs words; then it is added, and listed as the portal reads it.
    await section.getByRole('button', { name: 'Add to-do' }).click();
    await section.getByText('Say what the patient should do').waitFor();
    await section.getByLabel('New to-do for the patient').fill('Bring your medication list');
    await section.getByLabel('Details (optional)').fill('Vitamins too');
    await section.getByRole('button', { name: 'Add to-do' }).click();
    await section.getByText('Bring your medication list added. The patient sees it on this appointment in their portal.').waitFor();
    const asked = section.getByRole('list', { name: 'Asked of the patient' });
    await asked.getByRole('listitem').filter({ hasText: 'Bring your medication list' }).getByText('Not done yet').waitFor();
    const [task] = (await stored()).enduserTasks ?? [];
    expect(task?.enduserId).toBe(patientId);
    expect(await admin.api.enduser_tasks.getOne(task!.id)).toMatchObject({ title: 'Bring your medication list', description: 'Vitamins too', enduserId: patientId });

    // A form asked for: a response prepared for the patient, on the appointment.
    await section.getByLabel('Form to fill in before the visit').selectOption({ label: `Intake ${suffix}` });
    await section.getByRole('button', { name: 'Ask for this form' }).click();
    await section.getByText(`Intake ${suffix} asked for. The patient fills it in from this appointment in their portal.`).waitFor();
    await asked.getByRole('listitem').filter({ hasText: `Intake ${suffix}` }).getByText('Not filled in yet').waitFor();
    const [response] = (await stored()).enduserFormResponses ?? [];
    expect(response).toMatchObject({ enduserId: patientId, formId: intake.id });

    // The patient ticks the to-do done in their portal (the same update): the appointment says so.
    await patientSession.api.enduser_tasks.updateOne(task!.id, { completedAt: new Date().toISOString() } as never);
    // Today says what is still waiting before the visit: the form.
    await page.goto(`${harness.portal.url}/staff`);
    await page.getByRole('region', { name: "Today's appointments" }).getByRole('listitem').filter({ hasText: `Pia Prep${suffix}` }).getByText('1 not done before the visit').waitFor();
    await page.goto(`${harness.portal.url}/staff/calendar/${event.id}`);
    await asked.getByRole('listitem').filter({ hasText: 'Bring your medication list' }).getByText(/^Done /).waitFor();
    await checkScreen(page, 'staff-visit-prep', DESKTOP);

    // A second to-do taken back: off the appointment, and deleted.
    await section.getByLabel('New to-do for the patient').fill('Fast from midnight');
    await section.getByRole('button', { name: 'Add to-do' }).click();
    await asked.getByText('Fast from midnight').waitFor();
    const fasting = (await stored()).enduserTasks?.find((entry) => entry.id !== task!.id);
    await asked.getByRole('button', { name: 'Take back: Fast from midnight' }).click();
    await section.getByText('To-do taken off the appointment.').waitFor();
    await asked.getByText('Fast from midnight').waitFor({ state: 'detached' });
    expect((await stored()).enduserTasks?.map((entry) => entry.id)).toEqual([task!.id]);
    await expect(admin.api.enduser_tasks.getOne(fasting!.id)).rejects.toBeTruthy();

    // A form not filled in yet is taken back too: off the appointment, its empty response deleted.
    await asked.getByRole('button', { name: `Take back: Intake ${suffix}` }).click();
    await section.getByText('Form taken off the appointment.').waitFor();
    expect((await stored()).enduserFormResponses ?? []).toEqual([]);
    expect(await admin.api.form_responses.getSome({ filter: { formId: intake.id } } as never)).toEqual([]);
    await checkScreen(page, 'staff-visit-prep', MOBILE);
  });
});
