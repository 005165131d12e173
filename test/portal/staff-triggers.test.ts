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

    // Changing it: tags instead of the journey; its status stays as the form shows it.
    await item.getByRole('link', { name: `Intake done ${tag}` }).click();
    const change = page.getByRole('region', { name: 'Change the trigger' });
    await change.waitFor();
    expect(await change.getByRole('switch').isChecked()).toBe(true);
    await change.getByLabel('Then', { exact: true }).selectOption({ label: 'Add tags' });
    await change.getByLabel('Tags (comma separated)').fill('intake-done, onboarded');
    await change.getByRole('button', { name: 'Save trigger' }).click();
    await page.getByRole('status').filter({ hasText: `Trigger Intake done ${tag} saved` }).waitFor();
    expect((await triggers())[0]).toMatchObject({ status: 'Active', action: { type: 'Add Tags', info: { tags: ['intake-done', 'onboarded'] } } });
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
