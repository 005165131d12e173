import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { waitFor } from '../automations/support';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { internalWords, perceivedText } from '../support/staff-walk';
import { adminSession } from '../support/tenant';

type StoredStep = { id: string; events: { type: string; info: Record<string, unknown> }[]; action: { type: string; info: Record<string, unknown> }; enduserConditions?: unknown; flowchartUI?: { x?: number; y?: number } };

/**
 * Issue 36: a journey is built in the console without typing an id (every template, form, person,
 * step and field picked by name): an email at the start, a text 2 days later (cancelled by the
 * intake form's answer), the intake form, and a task only for patients who answer 'Yes' to a
 * question; the steps show as a flow whose boxes keep where they are dragged; the dry run reads in
 * plain language.
 */
describe('portal: staff console visual journey builder', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('builds a journey with a branch on a form answer by picking names, places its steps by drag, and dry-runs it in words', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const tag = randomBytes(3).toString('hex');
    const title = `Smoking care ${tag}`;
    await admin.api.templates.createOne({ title: `Welcome ${tag}`, subject: 'Welcome', message: 'Welcome aboard' } as never);
    await admin.api.templates.createOne({ title: `Reminder ${tag}`, subject: 'Reminder', message: 'Please fill in your intake form' } as never);
    const form = await admin.api.forms.createOne({ title: `Intake ${tag}` } as never);
    await admin.api.form_fields.createOne({
      formId: form.id,
      title: 'Do you smoke?',
      type: 'multiple_choice',
      options: { choices: ['Yes', 'No'], radio: true },
      intakeField: `smoker${tag}`,
      previousFields: [{ type: 'root', info: {} }],
    } as never);

    // The journey, with its states as a list of rows (a name and a priority each).
    await openAsAdmin(harness, '/staff/journeys');
    const create = page.getByRole('region', { name: 'Create a journey' });
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('State 1', { exact: true }).fill('New');
    await create.getByLabel('State 2', { exact: true }).fill('Smoker');
    await create.getByLabel('Priority of state 2').selectOption('Engaged');
    await create.getByLabel('Default state').fill('New');
    await create.getByRole('button', { name: 'Create journey' }).click();
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const journey = (await admin.api.journeys.getSome()).find((record) => record.title === title)!;
    expect(journey.states).toEqual([{ name: 'New', priority: 'N/A' }, { name: 'Smoker', priority: 'Engaged' }]);

    const section = page.getByRole('region', { name: 'Change steps' });
    const chart = page.getByRole('region', { name: 'Automation steps' });
    const stored = async () => (await admin.api.automation_steps.getSome({ filter: { journeyId: journey.id } } as never)) as unknown as StoredStep[];
    const addStep = async (count: number) => {
      await section.getByRole('button', { name: 'Add step' }).click();
      await chart.getByRole('list', { name: 'Steps' }).getByRole('listitem').nth(count - 1).waitFor();
    };
    /** Picks the event; the page may still re-render after an add, so pick until its settings show. */
    const chooseEvent = async (label: string, setting: string) => {
      for (let attempt = 0; ; attempt += 1) {
        await section.getByLabel('Event').selectOption({ label });
        if (await section.getByLabel(setting, { exact: true }).waitFor({ timeout: 1000 }).then(() => true, () => false)) return;
        if (attempt === 20) throw new Error(`The settings of '${label}' never showed`);
      }
    };

    // 1. At the start: the welcome email, from the admin (picked by name).
    await section.getByLabel('Event').selectOption({ label: 'When the journey starts' });
    await section.getByLabel('Action').selectOption({ label: 'Send email' });
    await section.getByLabel('Sender or assignee').selectOption({ index: 1 });
    await section.getByLabel('Template').selectOption({ label: `Welcome ${tag}` });
    await addStep(1);
    const welcome = `Send email 'Welcome ${tag}'`;

    // 2. Right after it: the intake form.
    await chooseEvent('After another step', 'After step');
    await section.getByLabel('After step').selectOption({ label: `When the journey starts: ${welcome}` });
    await section.getByLabel('Delay').fill('0');
    await section.getByLabel('Action').selectOption({ label: 'Send form' });
    await section.getByLabel('Sender or assignee').selectOption({ index: 1 });
    await section.getByLabel('Form').selectOption({ label: `Intake ${tag}` });
    await addStep(2);
    const intake = `Send form 'Intake ${tag}'`;

    // 3. Two days after the email: a text, cancelled if the intake form is answered first.
    await chooseEvent('After another step', 'After step');
    await section.getByLabel('After step').selectOption({ label: `When the journey starts: ${welcome}` });
    await section.getByLabel('Delay').fill('2');
    await section.getByLabel('Unit').selectOption('Days');
    await section.getByRole('group', { name: 'Cancel it when the patient answers' }).getByLabel(intake).check();
    await section.getByLabel('Action').selectOption({ label: 'Send text message' });
    await section.getByLabel('Sender or assignee').selectOption({ index: 1 });
    await section.getByLabel('Template').selectOption({ label: `Reminder ${tag}` });
    await addStep(3);

    // 4. The branch: when the intake is answered, a task, only for patients who answer 'Yes'.
    await chooseEvent('When a form a step sent is answered', 'After step');
    await section.getByLabel('After step').selectOption({ label: `Right after “${welcome}”: ${intake}` });
    await section.getByLabel('Action').selectOption({ label: 'Create a task' });
    await section.getByLabel('Task title').fill('Talk about quitting');
    await section.getByLabel('Sender or assignee').selectOption({ index: 1 });
    const condition = section.getByRole('group', { name: 'Condition 1' });
    await condition.getByLabel('Field').selectOption({ label: `Answer to 'Do you smoke?' (Intake ${tag})` });
    await condition.getByLabel('Test').selectOption({ label: 'is' });
    await condition.getByLabel('Value').fill('Yes');
    await addStep(4);

    // What was stored: every id is one the console picked, none was typed.
    const steps = await stored();
    const byAction = (type: string) => steps.find((step) => step.action.type === type)!;
    const [email, sendForm, sms, task] = ['sendEmail', 'sendForm', 'sendSMS', 'createTicket'].map(byAction);
    expect(email!.events).toEqual([{ type: 'onJourneyStart', info: {} }]);
    expect(sendForm!.events[0]).toMatchObject({ type: 'afterAction', info: { automationStepId: email!.id, delay: 0 } });
    expect(sendForm!.action.info).toMatchObject({ formId: form.id, senderId: admin.userInfo.id });
    expect(sms!.events[0]).toMatchObject({
      type: 'afterAction',
      info: { automationStepId: email!.id, delay: 2, unit: 'Days', delayInMS: 172_800_000, cancelConditions: [{ type: 'formResponse', info: { automationStepId: sendForm!.id } }] },
    });
    expect(task!.events[0]).toEqual({ type: 'formResponse', info: { automationStepId: sendForm!.id } });
    expect(task!.action.info).toMatchObject({ title: 'Talk about quitting' });
    expect(task!.enduserConditions).toEqual({ condition: { [`smoker${tag}`]: 'Yes' } });

    // The flow: four boxes, three arrows, in words; the conditions read as a sentence.
    const flow = page.getByTestId('flowchart');
    await flow.locator('.react-flow__node [data-step]').nth(3).waitFor();
    expect(await flow.locator('[data-step]').count()).toBe(4);
    await waitFor(() => flow.locator('[data-edge]').count(), (count) => count === 3, 'three arrows on the canvas');
    const words = await chart.getByRole('list', { name: 'Steps' }).getByRole('listitem').allInnerTexts();
    expect(words).toHaveLength(4);
    expect(words).toEqual(
      expect.arrayContaining([
        `When the journey starts: ${welcome}`,
        `Right after “${welcome}”: ${intake}`,
        `2 days after “${welcome}”, unless the patient answers “${intake}” first: Send text 'Reminder ${tag}'`,
        expect.stringMatching(new RegExp(`^When the form sent by “${intake}” is answered, only if Answer to 'Do you smoke\\?' \\(Intake ${tag}\\) is 'Yes': Create the task 'Talk about quitting' for \\S`)),
      ]),
    );
    expect(internalWords(await perceivedText(page))).toEqual([]);

    // Dragging a box keeps it where it was dropped (its flowchartUI), and the page draws it there.
    const box = flow.locator('.react-flow__node').filter({ hasText: 'Talk about quitting' });
    await box.scrollIntoViewIfNeeded();
    const start = (await box.boundingBox())!;
    await page.mouse.move(start.x + 20, start.y + 20);
    await page.mouse.down();
    await page.mouse.move(start.x + 80, start.y + 60, { steps: 8 });
    await page.mouse.up();
    await waitFor(async () => (await stored()).find((step) => step.id === task!.id)!.flowchartUI, (ui) => typeof ui?.x === 'number' && typeof ui?.y === 'number', 'the dragged position');

    // Editing the branch shows its condition as it was saved.
    await section.getByRole('link', { name: /^Edit step Create the task 'Talk about quitting'/ }).click();
    await section.getByRole('heading', { name: 'Edit step' }).waitFor();
    expect(await section.getByRole('group', { name: 'Condition 1' }).getByLabel('Value').inputValue()).toBe('Yes');
    await checkScreen(page, 'staff-journey-builder', DESKTOP);
    await checkScreen(page, 'staff-journey-builder', MOBILE);
    await page.setViewportSize(DESKTOP);

    // The dry run reads each planned step as the builder names it.
    await page.goto(`${harness.portal.url}/staff/journeys/${journey.id}/dry-run`);
    await page.getByRole('button', { name: 'Dry run' }).click();
    const planned = page.getByRole('region', { name: /^Planned steps/ });
    await planned.getByText(`${welcome} (would be sent)`, { exact: true }).waitFor({ timeout: 60_000 });
    await planned.getByText(`Send text 'Reminder ${tag}' (would be sent)`, { exact: true }).waitFor();
    await planned.getByText(`2 days after “${welcome}”, unless the patient answers “${intake}” first`, { exact: true }).waitFor();
    expect(internalWords(await perceivedText(page))).toEqual([]);
    await checkScreen(page, 'staff-journey-builder-dry-run', DESKTOP);
    await checkScreen(page, 'staff-journey-builder-dry-run', MOBILE);
  });

  it('a step waits on several forms, adds tags picked by name, and runs for patients matching any of a group; all of it kept when saved again', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const tag = randomBytes(3).toString('hex');
    const journey = await admin.api.journeys.createOne({ title: `Follow-up ${tag}` } as never);
    const consent = await admin.api.forms.createOne({ title: `Consent ${tag}` } as never);
    const history = await admin.api.forms.createOne({ title: `History ${tag}` } as never);
    const sendForm = (formId: string) =>
      admin.api.automation_steps.createOne({ journeyId: journey.id, events: [{ type: 'onJourneyStart', info: {} }], action: { type: 'sendForm', info: { senderId: admin.userInfo.id, formId } } } as never);
    const consentStep = await sendForm(consent.id);
    const historyStep = await sendForm(history.id);
    for (const fname of ['Ana', 'Ben']) await admin.api.endusers.createOne({ fname, tags: [`vip-${tag}`] } as never);
    const stepsNow = async () => (await admin.api.automation_steps.getSome({ filter: { journeyId: journey.id } } as never)) as unknown as StoredStep[];

    await openAsAdmin(harness, `/staff/journeys/${journey.id}`);
    const section = page.getByRole('region', { name: 'Change steps' });
    for (let attempt = 0; ; attempt += 1) {
      await section.getByLabel('Event').selectOption({ label: 'After another step' });
      if (await section.getByLabel('After step', { exact: true }).waitFor({ timeout: 1000 }).then(() => true, () => false)) break;
      if (attempt === 20) throw new Error('The settings of the event never showed');
    }
    await section.getByLabel('After step').selectOption({ label: `When the journey starts: Send form 'Consent ${tag}'` });
    await section.getByLabel('Delay').fill('3');
    await section.getByLabel('Unit').selectOption('Days');
    const cancelOn = section.getByRole('group', { name: 'Cancel it when the patient answers' });
    await cancelOn.getByLabel(`Send form 'Consent ${tag}'`).check();
    await cancelOn.getByLabel(`Send form 'History ${tag}'`).check();

    // Tags: one in use (two patients carry it), one new.
    await section.getByLabel('Action').selectOption({ label: 'Add tags' });
    const tagsBox = section.getByLabel('Tags', { exact: true });
    await tagsBox.click();
    await page.getByRole('option', { name: new RegExp(`^vip-${tag}.*2 patients$`) }).click();
    await tagsBox.fill(`follow-up-${tag}`);
    await tagsBox.press('Enter');

    // Only for patients tagged vip or in California, and (a second group) whose gender is given.
    await section.getByLabel('Group 1 needs').selectOption({ label: 'Any of these' });
    const first = section.getByRole('group', { name: 'Condition 1' });
    await first.getByLabel('Field').selectOption({ label: 'Tags' });
    await first.getByLabel('Test').selectOption({ label: 'contains' });
    await first.getByLabel('Value').fill(`vip-${tag}`);
    await section.getByRole('button', { name: 'Add a condition to group 1' }).click();
    const second = section.getByRole('group', { name: 'Condition 2' });
    await second.getByLabel('Field').selectOption({ label: 'State (address)' });
    await second.getByLabel('Value').fill('CA');
    await section.getByRole('button', { name: 'Add a group' }).click();
    await section.getByLabel('Group 2 needs').selectOption({ label: 'All of these' });
    const third = section.getByRole('group', { name: 'Condition 3' });
    await third.getByLabel('Field').selectOption({ label: 'Gender' });
    await third.getByLabel('Test').selectOption({ label: 'has a value' });
    await checkScreen(page, 'staff-journey-step-groups', DESKTOP);
    await checkScreen(page, 'staff-journey-step-groups', MOBILE);
    await page.setViewportSize(DESKTOP);
    await section.getByRole('button', { name: 'Add step' }).click();
    const chart = page.getByRole('region', { name: 'Automation steps' });
    await chart.getByRole('list', { name: 'Steps' }).getByRole('listitem').nth(2).waitFor();

    const expected = {
      cancelConditions: [
        { type: 'formResponse', info: { automationStepId: consentStep.id } },
        { type: 'formResponse', info: { automationStepId: historyStep.id } },
      ],
      tags: [`vip-${tag}`, `follow-up-${tag}`],
      enduserConditions: { $and: [{ $or: [{ condition: { tags: { $contains: `vip-${tag}` } } }, { condition: { state: 'CA' } }] }, { condition: { gender: { $exists: true } } }] },
    };
    const check = async () => {
      const added = (await stepsNow()).find((step) => step.action.type === 'addEnduserTags')!;
      expect(added.events[0]!.info.cancelConditions).toEqual(expected.cancelConditions);
      expect(added.action.info.tags).toEqual(expected.tags);
      expect(added.enduserConditions).toEqual(expected.enduserConditions);
    };
    await check();
    const sentence =
      `3 days after “Send form 'Consent ${tag}'”, unless the patient answers “Send form 'Consent ${tag}'” or “Send form 'History ${tag}'” first, ` +
      `only if (Tags contains 'vip-${tag}' or State (address) is 'CA') and Gender has a value: Add the tags 'vip-${tag}' and 'follow-up-${tag}'`;
    await chart.getByRole('list', { name: 'Steps' }).getByText(sentence, { exact: true }).waitFor();

    // Opened again, the form shows both forms ticked, both groups and both tags; saved as it is, nothing is lost.
    await section.getByRole('link', { name: /^Edit step Add the tags/ }).click();
    await section.getByRole('heading', { name: 'Edit step' }).waitFor();
    const reopened = section.getByRole('group', { name: 'Cancel it when the patient answers' });
    expect(await reopened.getByLabel(`Send form 'Consent ${tag}'`).isChecked()).toBe(true);
    expect(await reopened.getByLabel(`Send form 'History ${tag}'`).isChecked()).toBe(true);
    expect(await section.getByLabel('Group 1 needs').inputValue()).toBe('any');
    expect(await section.getByLabel('Group 2 needs').inputValue()).toBe('all');
    await section.getByRole('button', { name: `Remove tag follow-up-${tag}` }).waitFor();
    await section.getByRole('button', { name: 'Save step' }).click();
    await page.getByText('Step saved').waitFor();
    await check();
    expect(internalWords(await perceivedText(page))).toEqual([]);
  });
});
