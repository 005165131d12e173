import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { waitFor } from '../automations/support';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { internalWords, perceivedText } from '../support/staff-walk';
import { adminSession } from '../support/tenant';

type StoredTrigger = { id: string; title: string; status: string; event: unknown; action: unknown; enduserCondition?: unknown };

/**
 * Issue 36: triggers (automation_triggers) are built in the console like journey steps: an event, its
 * conditions as sentences and an action, every record picked by name; the list shows each one's
 * status with a switch.
 */
describe('portal: staff console triggers', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('creates a trigger with pickers, lists it with its status, switches it on and changes its action', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const tag = randomBytes(3).toString('hex');
    const form = await admin.api.forms.createOne({ title: `Intake ${tag}` } as never);
    const journey = await admin.api.journeys.createOne({ title: `Onboarding ${tag}` } as never);
    const triggers = async () => (await admin.api.automation_triggers.getSome()) as unknown as StoredTrigger[];

    await openAsAdmin(harness, '/staff/triggers');
    await page.getByRole('heading', { name: 'Triggers', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No triggers yet' }).waitFor();
    await checkScreen(page, 'staff-triggers-empty', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'New trigger' }).first().click();
    await page.getByRole('heading', { name: 'New trigger', level: 1 }).waitFor();

    const settings = page.getByRole('region', { name: 'Build the trigger' });
    await settings.getByLabel('Name').fill(`Intake done ${tag}`);
    await settings.getByLabel('When', { exact: true }).selectOption({ label: 'Form Submitted' });
    await settings.getByLabel('Form', { exact: true }).selectOption({ label: `Intake ${tag}` });
    const condition = settings.getByRole('group', { name: 'Condition 1' });
    await condition.getByLabel('Field').selectOption({ label: 'Tags' });
    await condition.getByLabel('Test').selectOption({ label: 'contains' });
    await condition.getByLabel('Value').fill('vip');
    await settings.getByLabel('Then', { exact: true }).selectOption({ label: 'Add to a journey' });
    await settings.getByLabel('Journey').selectOption({ label: `Onboarding ${tag}` });
    await checkScreen(page, 'staff-trigger-new', DESKTOP);
    await checkScreen(page, 'staff-trigger-new', MOBILE);
    await page.setViewportSize(DESKTOP);
    await settings.getByRole('button', { name: 'Create trigger' }).click();
    await page.getByRole('status').filter({ hasText: 'Trigger created' }).waitFor();

    const [created] = await triggers();
    expect(created).toMatchObject({
      title: `Intake done ${tag}`,
      status: 'Inactive',
      event: { type: 'Form Submitted', info: { formId: form.id } },
      action: { type: 'Add To Journey', info: { journeyId: journey.id } },
      enduserCondition: { condition: { tags: { $contains: 'vip' } } },
    });

    // The list: the trigger in words, Inactive, and a switch that turns it on.
    await page.getByRole('link', { name: 'All triggers' }).click();
    const item = page.getByRole('listitem', { name: `Intake done ${tag}` });
    await item.getByText(`When 'Intake ${tag}' is submitted, only if Tags contains 'vip', then: Add to the journey 'Onboarding ${tag}'`, { exact: true }).waitFor();
    await item.getByText('Inactive', { exact: true }).waitFor();
    expect(internalWords(await perceivedText(page))).toEqual([]);
    await item.getByRole('switch', { name: `Active: Intake done ${tag}` }).click();
    await item.getByText('Active', { exact: true }).waitFor();
    await waitFor(async () => (await triggers())[0]!.status, (status) => status === 'Active', 'the trigger switched on');
    await checkScreen(page, 'staff-triggers', DESKTOP);
    await checkScreen(page, 'staff-triggers', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Changing it: tags instead of the journey, one picked from those in use (with how many patients
    // carry it), one new typed; its status stays as the form shows it.
    await admin.api.endusers.createOne({ fname: 'Tagged', tags: [`regular-${tag}`] } as never);
    await admin.api.endusers.createOne({ fname: 'Tagged too', tags: [`regular-${tag}`] } as never);
    await page.reload();
    await item.getByRole('link', { name: `Intake done ${tag}` }).click();
    const change = page.getByRole('region', { name: 'Change the trigger' });
    await change.waitFor();
    expect(await change.getByRole('switch').isChecked()).toBe(true);
    await change.getByLabel('Then', { exact: true }).selectOption({ label: 'Add tags' });
    const tagsBox = change.getByLabel('Tags', { exact: true });
    await tagsBox.click();
    await tagsBox.fill(`regular-${tag}`);
    await page.getByRole('option', { name: new RegExp(`^regular-${tag}.*2 patients$`) }).click();
    await tagsBox.fill('onboarded');
    await tagsBox.press('Enter');
    await change.getByRole('button', { name: 'Remove tag onboarded' }).waitFor();
    await change.getByRole('button', { name: 'Save trigger' }).click();
    await page.getByRole('status').filter({ hasText: `Trigger Intake done ${tag} saved` }).waitFor();
    expect((await triggers())[0]).toMatchObject({ status: 'Active', action: { type: 'Add Tags', info: { tags: [`regular-${tag}`, 'onboarded'] } } });
  });

  it("offers every action by name: a form's wait, any-of conditions, the care team, fields to set and waitlists, each read back as it was saved", async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const tag = randomBytes(3).toString('hex');
    const form = await admin.api.forms.createOne({ title: `Intake ${tag}` } as never);
    const nurse = await admin.api.users.createOne({ email: `nurse-${tag}@example.com`, fname: 'Nora', lname: `Nurse ${tag}` } as never);
    const visit = await admin.api.calendar_event_templates.createOne({ title: `Consultation ${tag}`, durationInMinutes: 30 } as never);
    await admin.api.endusers.createOne({ fname: 'Vip', tags: [`vip-${tag}`] } as never);
    const stored = async (title: string) => ((await admin.api.automation_triggers.getSome()) as unknown as StoredTrigger[]).find((trigger) => trigger.title === title)!;
    const title = `Intake not answered ${tag}`;

    await openAsAdmin(harness, '/staff/triggers/new');
    const settings = page.getByRole('region', { name: 'Build the trigger' });
    await settings.getByLabel('Name').fill(title);
    await settings.getByLabel('When', { exact: true }).selectOption({ label: 'Form Unsubmitted' });
    await settings.getByLabel('Form', { exact: true }).selectOption({ label: `Intake ${tag}` });
    await settings.getByLabel('Not submitted within').fill('2');
    await settings.getByLabel('Unit').selectOption('Days');

    // Any of two conditions: the tag picked from those in use, or a state.
    await settings.getByLabel('Group 1 needs').selectOption({ label: 'Any of these' });
    const first = settings.getByRole('group', { name: 'Condition 1' });
    await first.getByLabel('Field').selectOption({ label: 'Tags' });
    await first.getByLabel('Test').selectOption({ label: 'contains' });
    await first.getByLabel('Value').click();
    await page.getByRole('option', { name: `vip-${tag}` }).click();
    await settings.getByRole('button', { name: 'Add a condition to group 1' }).click();
    const second = settings.getByRole('group', { name: 'Condition 2' });
    await second.getByLabel('Field').selectOption({ label: 'State (address)' });
    await second.getByLabel('Value').fill('CA');

    // Then: the nurse joins the patient's care team, picked by name.
    await settings.getByLabel('Then', { exact: true }).selectOption({ label: "Add staff to the patient's care team" });
    const staffBox = settings.getByLabel('Staff', { exact: true });
    await staffBox.click();
    await staffBox.fill('Nora');
    await page.getByRole('option', { name: `Nora Nurse ${tag}` }).click();
    await checkScreen(page, 'staff-trigger-care-team', DESKTOP);
    await checkScreen(page, 'staff-trigger-care-team', MOBILE);
    await page.setViewportSize(DESKTOP);
    await settings.getByRole('button', { name: 'Create trigger' }).click();
    await page.getByRole('status').filter({ hasText: 'Trigger created' }).waitFor();
    expect(await stored(title)).toMatchObject({
      event: { type: 'Form Unsubmitted', info: { formId: form.id, intervalInMS: 2 * 86_400_000 } },
      action: { type: 'Assign Care Team', info: { userIds: [nurse.id] } },
      enduserCondition: { $or: [{ condition: { tags: { $contains: `vip-${tag}` } } }, { condition: { state: 'CA' } }] },
    });

    // It reads back as it was saved, and as one sentence on the list.
    const change = page.getByRole('region', { name: 'Change the trigger' });
    expect(await change.getByLabel('Not submitted within').inputValue()).toBe('2');
    expect(await change.getByLabel('Group 1 needs').inputValue()).toBe('any');
    expect(await change.getByRole('group', { name: 'Condition 2' }).getByLabel('Value').inputValue()).toBe('CA');
    await change.getByRole('button', { name: `Nora Nurse ${tag}` }).or(change.getByText(`Nora Nurse ${tag}`)).first().waitFor();
    await page.getByRole('link', { name: 'All triggers' }).click();
    const item = page.getByRole('listitem', { name: title });
    await item
      .getByText(
        `When 'Intake ${tag}' is not submitted within 2 days of being sent, only if Tags contains 'vip-${tag}' or State (address) is 'CA', then: Add Nora Nurse ${tag} to the patient's care team`,
        { exact: true },
      )
      .waitFor();
    expect(internalWords(await perceivedText(page))).toEqual([]);

    // Fields to set: a new custom field to a value, and a known one to today's date.
    await item.getByRole('link', { name: title }).click();
    await change.waitFor();
    await change.getByLabel('Then', { exact: true }).selectOption({ label: 'Set patient fields' });
    const setter = change.getByRole('group', { name: 'Field to set 1' });
    await setter.getByLabel('Patient field').fill('Tier');
    await setter.getByLabel('Value').fill('Gold');
    await change.getByRole('button', { name: 'Set another field' }).click();
    const dated = change.getByRole('group', { name: 'Field to set 2' });
    await dated.getByLabel('Patient field').fill('Date of birth');
    await page.getByRole('listbox').getByRole('option', { name: 'Date of birth' }).click();
    await dated.getByLabel('Set it').selectOption({ label: "To today's date" });
    await checkScreen(page, 'staff-trigger-set-fields', DESKTOP);
    await checkScreen(page, 'staff-trigger-set-fields', MOBILE);
    await page.setViewportSize(DESKTOP);
    await change.getByRole('button', { name: 'Save trigger' }).click();
    await page.getByRole('status').filter({ hasText: `Trigger ${title} saved` }).waitFor();
    expect((await stored(title)).action).toEqual({
      type: 'Set Fields',
      info: { fields: [{ name: 'Tier', type: 'Custom Value', value: 'Gold' }, { name: 'dateOfBirth', type: 'Current Date', value: '' }] },
    });
    // Opened again, the fields read back by name.
    await page.reload();
    expect(await change.getByRole('group', { name: 'Field to set 2' }).getByLabel('Patient field').inputValue()).toBe('Date of birth');
    expect(await change.getByRole('group', { name: 'Field to set 1' }).getByLabel('Value').inputValue()).toBe('Gold');

    // Waitlists: each appointment type's, picked by its title; letting patients in has no meaning here, so it is not offered.
    expect(await change.getByLabel('Then', { exact: true }).locator('option', { hasText: 'Let patients in from a waitlist' }).count()).toBe(0);
    await change.getByLabel('Then', { exact: true }).selectOption({ label: 'Add to a waitlist' });
    await change.getByLabel('Waitlist', { exact: true }).selectOption({ label: `Consultation ${tag}` });
    await change.getByRole('button', { name: 'Save trigger' }).click();
    await page.getByRole('status').filter({ hasText: `Trigger ${title} saved` }).waitFor();
    expect((await stored(title)).action).toEqual({ type: 'Add to Waitlist', info: { waitlistId: visit.id } });
    await page.getByRole('link', { name: 'All triggers' }).click();
    await item.getByText(`then: Add to the waitlist 'Consultation ${tag}'`).waitFor();
    expect(internalWords(await perceivedText(page))).toEqual([]);
  });

  it('a role that may read triggers but not change them sees their status without a switch', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const journey = await admin.api.journeys.createOne({ title: `Welcome ${randomBytes(3).toString('hex')}` } as never);
    const trigger = await admin.api.automation_triggers.createOne({
      title: `New patient ${randomBytes(3).toString('hex')}`,
      status: 'Active',
      event: { type: 'Contact Created', info: {} },
      action: { type: 'Add To Journey', info: { journeyId: journey.id } },
    } as never);
    const staff = await staffWithRole(harness, admin, { automation_triggers: levels(null, 'All', null, null) });
    await page.goto(`${portal.url}/staff/triggers`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { name: 'Triggers', level: 1 }).waitFor();
    const item = page.getByRole('listitem', { name: trigger.title });
    await item.getByText(`When a patient is added, then: Add to the journey '${journey.title}'`, { exact: true }).waitFor();
    await item.getByText('Active', { exact: true }).waitFor();
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New trigger' }).count()).toBe(0);
    const forged = await page.request.post(`${portal.url}/staff/triggers`, { form: { id: trigger.id, active: 'false' } });
    expect(await forged.text()).toContain('You do not have access to this resource');
    expect((await admin.api.automation_triggers.getOne(trigger.id)).status).toBe('Active');
  });
});
