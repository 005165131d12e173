import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

const FORBIDDEN = 'You do not have access to this resource';

/** Issue 18: add, edit and delete a journey's automation steps from the journey page. */
describe('portal: staff console automation steps', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('adds an onJourneyStart email and an afterAction text, edits one, deletes one, and the flowchart follows', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const tag = randomBytes(3).toString('hex');
    const title = `Onboarding ${tag}`;
    await admin.api.templates.createOne({ title: `Welcome ${tag}`, subject: 'Welcome', message: 'Welcome aboard' } as never);
    await admin.api.templates.createOne({ title: `Reminder ${tag}`, subject: 'Reminder', message: 'A reminder' } as never);

    await openAsAdmin(harness, '/staff/journeys');
    const create = page.getByRole('region', { name: 'Create a journey' });
    await create.getByLabel('Title').fill(title);
    await create.getByRole('button', { name: 'Create journey' }).click();
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const journey = (await admin.api.journeys.getSome()).find((record) => record.title === title)!;

    const section = page.getByRole('region', { name: 'Change steps' });
    const chart = page.getByRole('region', { name: 'Automation steps' });
    const stepsInWords = () => chart.getByRole('list', { name: 'Steps' }).getByRole('listitem').allInnerTexts();

    // Step 1: onJourneyStart, sendEmail. The api's message for a missing template lands on the Template field.
    await section.getByLabel('Event').selectOption({ label: 'When the journey starts' });
    await section.getByLabel('Action').selectOption({ label: 'Send email' });
    await section.getByLabel('Sender or assignee').selectOption({ index: 1 });
    await section.getByRole('button', { name: 'Add step' }).click();
    const templateField = section.locator('.MuiFormControl-root', { has: page.locator('select[name=templateId]') });
    await templateField.getByText(/templateId/).waitFor();
    expect(await admin.api.automation_steps.getSome({ filter: { journeyId: journey.id } } as never)).toEqual([]);

    await section.getByLabel('Template').selectOption({ label: `Welcome ${tag}` });
    await section.getByRole('button', { name: 'Add step' }).click();
    await section.getByRole('status').filter({ hasText: 'Step added' }).waitFor();
    const [first] = await admin.api.automation_steps.getSome({ filter: { journeyId: journey.id } } as never);
    expect(first).toMatchObject({ events: [{ type: 'onJourneyStart' }], action: { type: 'sendEmail', info: { senderId: admin.userInfo.id } } });

    // Step 2: two days after step 1, sendSMS.
    await section.getByRole('listitem').filter({ hasText: `When the journey starts: Send email 'Welcome ${tag}'` }).waitFor();
    // The page may still be re-rendering after the add (hydration or revalidation puts the form back
    // to its first values): choose until the event's own settings show.
    for (let attempt = 0; ; attempt += 1) {
      await section.getByLabel('Event').selectOption('afterAction');
      const shown = await section.getByLabel('After step').waitFor({ timeout: 1000 }).then(() => true, () => false);
      if (shown) break;
      if (attempt === 20) throw new Error('The afterAction settings never showed');
    }
    await section.getByLabel('After step').selectOption({ index: 1 });
    await section.getByLabel('Delay').fill('2');
    await section.getByLabel('Unit').selectOption('Days');
    await section.getByLabel('Action').selectOption('sendSMS');
    await section.getByLabel('Sender or assignee').selectOption({ index: 1 });
    await section.getByLabel('Template').selectOption({ label: `Reminder ${tag}` });
    await section.getByRole('button', { name: 'Add step' }).click();
    await page.getByTestId('flowchart').locator('[data-step]').nth(1).waitFor();
    expect(await page.getByTestId('flowchart').locator('[data-edge]').count()).toBe(1);
    const stored = await admin.api.automation_steps.getSome({ filter: { journeyId: journey.id } } as never);
    const second = stored.find((step) => step.id !== first!.id)!;
    expect(second.events[0]).toMatchObject({ type: 'afterAction', info: { automationStepId: first!.id, delay: 2, unit: 'Days', delayInMS: 172_800_000 } });
    expect(second.action.type).toBe('sendSMS');
    expect((await stepsInWords()).sort()).toEqual([`2 days after “Send email 'Welcome ${tag}'”: Send text 'Reminder ${tag}'`, `When the journey starts: Send email 'Welcome ${tag}'`].sort());
    await checkScreen(page, 'staff-journey-steps', DESKTOP);
    await checkScreen(page, 'staff-journey-steps', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Edit step 2: three hours instead of two days.
    await section.getByRole('link', { name: `Edit step Send text 'Reminder ${tag}'` }).click();
    await section.getByRole('heading', { name: 'Edit step' }).waitFor();
    expect(await section.getByLabel('Delay').inputValue()).toBe('2');
    await section.getByLabel('Delay').fill('3');
    await section.getByLabel('Unit').selectOption('Hours');
    await section.getByRole('button', { name: 'Save step' }).click();
    await chart.getByText(`3 hours after “Send email 'Welcome ${tag}'”`, { exact: false }).first().waitFor();
    expect((await admin.api.automation_steps.getOne(second.id)).events[0]?.info).toMatchObject({ delay: 3, unit: 'Hours', delayInMS: 10_800_000 });

    // Delete step 2: one box left, no arrow.
    await section.getByRole('button', { name: `Delete step Send text 'Reminder ${tag}'` }).click();
    await section.getByRole('status').filter({ hasText: 'Step deleted' }).waitFor();
    await chart.getByRole('listitem').filter({ hasText: '3 hours after' }).waitFor({ state: 'detached' });
    expect(await stepsInWords()).toEqual([`When the journey starts: Send email 'Welcome ${tag}'`]);
    expect(await page.getByTestId('flowchart').locator('[data-edge]').count()).toBe(0);
    expect((await admin.api.automation_steps.getSome({ filter: { journeyId: journey.id } } as never)).map((step) => step.id)).toEqual([first!.id]);
  });

  it('a role without create, update or delete on steps gets no form, and each forged post is refused', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const journey = await admin.api.journeys.createOne({ title: `Locked ${randomBytes(3).toString('hex')}` } as never);
    const step = await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'setEnduserStatus', info: { status: 'Contacted' } },
    } as never);
    const staff = await staffWithRole(harness, admin, { journeys: levels(null, 'All', null, null), automation_steps: levels(null, 'All', null, null) });

    await page.goto(`${portal.url}/staff/journeys/${journey.id}`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { name: journey.title, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Automation steps' }).getByText("When the journey starts: Set the journey state to 'Contacted'").waitFor();
    expect(await page.getByRole('region', { name: 'Change steps' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add step' }).count()).toBe(0);

    const post = (form: Record<string, string>) => page.request.post(`${portal.url}/staff/journeys/${journey.id}`, { form });
    // Refused: create.
    expect(await (await post({ intent: 'saveStep', eventType: 'onJourneyStart', actionType: 'setEnduserStatus', status: 'Sneaky' })).text()).toContain(FORBIDDEN);
    // Refused: update.
    expect(await (await post({ intent: 'saveStep', stepId: step.id, eventType: 'onJourneyStart', actionType: 'setEnduserStatus', status: 'Changed' })).text()).toContain(FORBIDDEN);
    // Refused: delete.
    expect(await (await post({ intent: 'deleteStep', stepId: step.id })).text()).toContain(FORBIDDEN);
    const left = await admin.api.automation_steps.getSome({ filter: { journeyId: journey.id } } as never);
    expect(left.map((record) => [record.id, record.action.info])).toEqual([[step.id, { status: 'Contacted' }]]);
  });
});
