import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

type FieldSpec = { title: string; type: string; options?: Record<string, unknown>; isOptional?: boolean; description?: string };

/** docs/contract/portal.md#documents and #form-filling, validation.md#form-answers: a form with every question type. */
describe('portal: filling a form', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const patient = (fname: string) => admin.api.endusers.createOne({ fname, lname: 'Patient', email: `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com` });

  /** A form whose questions follow each other in the given order (each 'after' the previous). */
  const formWith = async (title: string, specs: FieldSpec[], extra: Record<string, unknown> = {}) => {
    const form = await admin.api.forms.createOne({ title, ...extra });
    const ids: string[] = [];
    for (const spec of specs) {
      const previousFields = ids.length ? [{ type: 'after', info: { fieldId: ids[ids.length - 1] } }] : [{ type: 'root', info: {} }];
      const field = await admin.api.form_fields.createOne({ formId: form.id, previousFields, ...spec } as never);
      ids.push(field.id);
    }
    return { form, ids };
  };

  const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
  const question = (page: Page, n: number, of: number) => page.getByText(`Question ${n} of ${of}`, { exact: true }).waitFor();

  it('fills every question type one at a time, uploads a file, survives a reload and submits every answer', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Fiona');
    const { form, ids } = await formWith('New patient intake', [
      { title: 'Welcome', type: 'description', description: 'This takes about five minutes.' },
      { title: 'Preferred name', type: 'string' },
      { title: 'Describe your symptoms', type: 'stringLong' },
      { title: 'Contact email', type: 'email' },
      { title: 'Age', type: 'number' },
      { title: 'Mobile phone', type: 'phone', isOptional: true },
      { title: 'Date of last visit', type: 'date' },
      { title: 'Date of birth', type: 'dateString' },
      { title: 'Home address', type: 'Address' },
      { title: 'Consent signature', type: 'signature' },
      { title: 'Preferred contact', type: 'multiple_choice', options: { choices: ['Email', 'Phone'], radio: true, other: true } },
      { title: 'Allergies', type: 'multiple_choice', options: { choices: ['Penicillin', 'Latex', 'Peanuts'] } },
      { title: 'Insurance card', type: 'file' },
      { title: 'Pain level', type: 'rating', options: { from: 0, to: 10 } },
      { title: 'Rank your priorities', type: 'ranking', options: { choices: ['Sleep', 'Diet', 'Exercise'] } },
      {
        title: 'Medications',
        type: 'Table Input',
        options: { tableChoices: [{ label: 'Name', type: 'Text' }, { label: 'Started', type: 'Date' }, { label: 'Frequency', type: 'Select', info: { choices: ['Daily', 'Weekly'] } }] },
      },
      { title: 'Emergency contact', type: 'Question Group' },
    ]);
    // The group's questions, listed in it.
    const contactName = await admin.api.form_fields.createOne({ formId: form.id, title: 'Contact name', type: 'string', isInGroup: true } as never);
    const contactPhone = await admin.api.form_fields.createOne({ formId: form.id, title: 'Contact phone', type: 'phone', isInGroup: true } as never);
    await admin.api.form_fields.updateOne(ids[ids.length - 1], { options: { subFields: [{ id: contactName.id }, { id: contactPhone.id }] } } as never);
    const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });
    const total = 17;

    await signInAs(harness, admin, enduser.id, '/documents');
    await page.getByRole('region', { name: 'Outstanding Forms' }).getByRole('link', { name: 'New patient intake' }).click();
    await page.waitForURL(`${portal.url}/documents/forms/${accessCode}`);
    await question(page, 1, total);
    await page.getByText('This takes about five minutes.').waitFor();
    await screenshot(page, 'form-description');
    await next(page);

    // string: the error shows only once the question is touched; Enter advances.
    await question(page, 2, total);
    const name = page.getByLabel('Preferred name');
    expect(await page.getByText('A response is required').count()).toBe(0);
    await name.focus();
    await name.blur();
    await page.getByText('A response is required').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await screenshot(page, 'form-error');
    await name.fill('Fi');
    await page.getByText('A response is required').waitFor({ state: 'detached' });
    await name.press('Enter');

    // stringLong: Enter makes a new line, it does not advance.
    await question(page, 3, total);
    const symptoms = page.getByLabel('Describe your symptoms');
    await symptoms.fill('Headaches');
    await symptoms.press('Enter');
    await symptoms.pressSequentially('in the morning');
    expect(await symptoms.inputValue()).toBe('Headaches\nin the morning');
    await question(page, 3, total);
    await next(page);

    await question(page, 4, total);
    const email = page.getByLabel('Contact email');
    await email.fill('not-an-email');
    await email.blur();
    await page.getByText('Enter a valid email').waitFor();
    await email.fill('fiona@example.com');
    await next(page);

    await question(page, 5, total);
    const age = page.getByLabel('Age');
    await age.fill('abc');
    await age.blur();
    await page.getByText('Please enter a number').waitFor();
    await age.fill('0');
    await page.getByText('Please enter a number').waitFor({ state: 'detached' });
    await next(page);

    // An optional phone may stay empty, but must be valid once given.
    await question(page, 6, total);
    const phone = page.getByLabel('Mobile phone');
    await phone.fill('555');
    await phone.blur();
    await page.getByText('Enter a valid phone number').waitFor();
    await phone.fill('');
    await page.getByText('Enter a valid phone number').waitFor({ state: 'detached' });
    await next(page);

    await question(page, 7, total);
    await page.getByLabel('Date of last visit').fill('2026-10-02');
    await next(page);

    await question(page, 8, total);
    const dob = page.getByLabel('Date of birth');
    await dob.fill('1990/04/12');
    await dob.blur();
    await page.getByText('Enter a date in MM-DD-YYYY format').waitFor();
    await dob.fill('04-12-1990');
    await next(page);

    // Address: each missing part by name, then a ZIP check.
    await question(page, 9, total);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Address Line 1 is required').waitFor();
    await page.getByLabel('Address Line 1').fill('1 Main St');
    await page.getByLabel('City').fill('Springfield');
    await page.getByText('State is required').waitFor();
    await page.getByLabel('State').fill('IL');
    await page.getByLabel('ZIP code').fill('123');
    await page.getByText('Enter a valid ZIP code').waitFor();
    await page.getByLabel('ZIP code').fill('62701');
    await screenshot(page, 'form-address');
    await next(page);

    // Signature: the name is locked until consent.
    await question(page, 10, total);
    await page.getByText('Enter your legal full name to complete the signature').waitFor();
    expect(await page.getByLabel('Full name').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please accept the terms of this signature').waitFor();
    await page.getByRole('checkbox', { name: /I consent to use/ }).check();
    await page.getByText('Please enter your full name').waitFor();
    await page.getByLabel('Full name').fill('Fiona Patient');
    await screenshot(page, 'form-signature');

    // Reload mid-way: what was answered is kept (the signature was not posted yet, the rest was).
    await page.reload();
    await question(page, 10, total);
    await page.getByRole('checkbox', { name: /I consent to use/ }).check();
    await page.getByLabel('Full name').fill('Fiona Patient');
    await page.getByRole('button', { name: 'Previous' }).click();
    await question(page, 9, total);
    expect(await page.getByLabel('City').inputValue()).toBe('Springfield');
    await next(page);
    await question(page, 10, total);
    expect(await page.getByLabel('Full name').inputValue()).toBe('Fiona Patient');
    await next(page);

    // Single choice with other.
    await question(page, 11, total);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('A value must be checked').waitFor();
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByLabel('Preferred contact: other').fill('Carrier pigeon');
    await next(page);

    await question(page, 12, total);
    await page.getByRole('checkbox', { name: 'Penicillin' }).check();
    await page.getByRole('checkbox', { name: 'Peanuts' }).check();
    await next(page);

    // File: uploaded before the answers are sent.
    await question(page, 13, total);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('A file is required').waitFor();
    await page.getByLabel('Insurance card').setInputFiles({ name: 'insurance-card.txt', mimeType: 'text/plain', buffer: Buffer.from('member 42') });
    // Posts of this form are held a moment, so the button's state while it waits can be read (docs/contract/portal.md#form-filling).
    const slowPosts = (url: URL) => url.pathname.startsWith('/documents/forms/');
    await page.route(slowPosts, async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await next(page);
    await page.getByRole('button', { name: 'Uploading files...' }).waitFor();

    // Rating accepts 0.
    await question(page, 14, total);
    await page.getByRole('radio', { name: '0', exact: true }).check();
    await next(page);

    await question(page, 15, total);
    await page.getByRole('button', { name: 'Move Exercise up' }).click();
    await page.getByRole('button', { name: 'Move Diet down', disabled: true }).waitFor();
    await page.getByRole('button', { name: 'Move Exercise up' }).click();
    await page.getByRole('button', { name: 'Move Exercise up', disabled: true }).waitFor();
    expect(await page.getByRole('main').getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Exercise'), expect.stringContaining('Sleep'), expect.stringContaining('Diet')]);
    await next(page);

    // Table Input: required, so one row to start with that cannot be removed.
    await question(page, 16, total);
    expect(await page.getByRole('button', { name: 'Remove row 1' }).isDisabled()).toBe(true);
    // The server's own markup disables it too: before the scripts have loaded it cannot be pressed.
    const served = await (await page.request.get(page.url())).text();
    expect(served.match(/<button[^>]*remove-row:[^>]*>/)?.[0]).toContain('disabled=""');
    await page.getByLabel('Name (row 1)').fill('Ibuprofen');
    await page.getByLabel('Started (row 1)').fill('2026-01-01');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Enter a date in MM-DD-YYYY format for Started in row 1').waitFor();
    await page.getByLabel('Started (row 1)').fill('01-01-2026');
    await page.getByText('Enter a value for Frequency in row 1').waitFor();
    await page.getByLabel('Frequency (row 1)').selectOption('Daily');
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByLabel('Name (row 2)').fill('Vitamin D');
    await page.getByLabel('Started (row 2)').fill('02-01-2026');
    await page.getByLabel('Frequency (row 2)').selectOption('Weekly');
    await screenshot(page, 'form-table');
    await next(page);

    // Question group: both questions on one step; Submit on the last.
    await question(page, 17, total);
    await page.getByLabel('Contact name').fill('Sam Patient');
    await page.getByLabel('Contact phone').fill('+1 (415) 555-2671');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'form-group');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Submitting...' }).waitFor();
    await page.getByText('Your response was successfully recorded', { exact: true }).waitFor();
    await page.unroute(slowPosts);
    await screenshot(page, 'form-thanks');

    const [stored] = await admin.api.form_responses.getSome({ filter: { accessCode } });
    expect(stored.submittedAt).toBeTruthy();
    const answer = (title: string) => stored.responses?.find((response) => response.fieldTitle === title)?.answer.value;
    expect(answer('Preferred name')).toBe('Fi');
    expect(answer('Describe your symptoms')).toBe('Headaches\nin the morning');
    expect(answer('Contact email')).toBe('fiona@example.com');
    expect(answer('Age')).toBe(0);
    expect(answer('Date of last visit')).toBe('2026-10-02T12:00:00.000Z');
    expect(answer('Date of birth')).toBe('04-12-1990');
    expect(answer('Home address')).toMatchObject({ addressLineOne: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' });
    expect(answer('Consent signature')).toMatchObject({ signed: true, fullName: 'Fiona Patient' });
    expect(answer('Preferred contact')).toEqual(['Carrier pigeon']);
    expect(answer('Allergies')).toEqual(['Penicillin', 'Peanuts']);
    expect(answer('Insurance card')).toMatchObject({ name: 'insurance-card.txt' });
    expect(answer('Pain level')).toBe(0);
    expect(answer('Rank your priorities')).toEqual(['Exercise', 'Sleep', 'Diet']);
    expect(answer('Medications')).toEqual([
      [{ label: 'Name', entry: 'Ibuprofen' }, { label: 'Started', entry: '01-01-2026' }, { label: 'Frequency', entry: 'Daily' }],
      [{ label: 'Name', entry: 'Vitamin D' }, { label: 'Started', entry: '02-01-2026' }, { label: 'Frequency', entry: 'Weekly' }],
    ]);
    expect(answer('Contact name')).toBe('Sam Patient');
    expect(answer('Contact phone')).toBeTruthy();
    // The uploaded file is the enduser's.
    const secureName = (answer('Insurance card') as { secureName: string }).secureName;
    const [file] = await admin.api.files.getSome({ filter: { secureName } });
    expect(file).toMatchObject({ enduserId: enduser.id, name: 'insurance-card.txt' });

    // Back on Documents it is a submitted form.
    await page.getByRole('link', { name: 'Back to Documents' }).click();
    await page.getByRole('region', { name: 'Your Submitted Forms' }).getByText('New patient intake').waitFor();
  });

  it("the form's own thanks message is shown sanitized; a failed lookup alerts and returns to Documents", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Theo');
    const { form } = await formWith('Quick check', [
      { title: 'How are you?', type: 'string' },
      { title: 'Anything else?', type: 'string', isOptional: true },
      { title: 'Optional signature', type: 'signature', isOptional: true },
    ], {
      htmlThanksMessage: '<p><strong>Thank you!</strong> We will call you.</p><script>window.hacked = true</script>',
    });
    const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });
    const [prepared] = await admin.api.form_responses.getSome({ filter: { accessCode } });
    // The response view before anything is answered.
    await signInAs(harness, admin, enduser.id, `/documents/responses/${prepared.id}`);
    await page.getByRole('heading', { name: 'Quick check', level: 1 }).waitFor();
    await page.getByText('From Theo Patient', { exact: true }).waitFor();
    await page.getByText('Awaiting Response', { exact: true }).waitFor();

    await page.goto(`${portal.url}/documents/forms/${accessCode}`);
    await page.getByLabel('How are you?').fill('Fine');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Question 2 of 3').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Question 3 of 3').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('We will call you.').waitFor();
    expect(await page.locator('strong', { hasText: 'Thank you!' }).count()).toBe(1);
    expect(await page.evaluate('typeof globalThis.hacked')).toBe('undefined');

    // The response view after submission: each question with its answer.
    await page.goto(`${portal.url}/documents/responses/${prepared.id}`);
    await page.getByText(/^Submitted by Theo Patient on /).waitFor();
    await page.getByText('Fine', { exact: true }).waitFor();
    await page.getByText('No value provided', { exact: true }).waitFor();
    await page.getByText('Unsigned', { exact: true }).waitFor();
    await screenshot(page, 'form-response-view');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'form-response-view');

    await page.goto(`${portal.url}/documents/forms/no-such-code`);
    await page.waitForURL(`${portal.url}/documents`);
    await page.getByRole('alert').waitFor();
    expect((await page.getByRole('alert').innerText()).length).toBeGreaterThan(0);
  });
  it("follows the form's conditions: the answers choose the next question, and only the path taken is required and sent", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const field = (spec: FieldSpec & { previousFields: unknown[] }, formId: string) => admin.api.form_fields.createOne({ formId, ...spec } as never);
    const form = await admin.api.forms.createOne({ title: 'Travel screening' });
    const travelled = await field({ title: 'Have you travelled recently?', type: 'multiple_choice', options: { choices: ['Yes', 'No'], radio: true }, previousFields: [{ type: 'root', info: {} }] }, form.id);
    const where = await field({ title: 'Where did you go?', type: 'string', previousFields: [{ type: 'previousEquals', info: { fieldId: travelled.id, equals: 'Yes' } }] }, form.id);
    const days = await field({ title: 'How many days were you away?', type: 'number', previousFields: [{ type: 'after', info: { fieldId: where.id } }] }, form.id);
    const quarantine = await field({
      title: 'Did you quarantine on return?',
      type: 'multiple_choice',
      options: { choices: ['Yes', 'No'], radio: true },
      previousFields: [{ type: 'compoundLogic', info: { fieldId: days.id, priority: 1, label: 'Long trip', condition: { $and: [{ condition: { [days.id]: { $gt: 14 } } }, { condition: { [travelled.id]: 'Yes' } }] } } }],
    }, form.id);
    // The last question follows each branch's end.
    const symptoms = await field({
      title: 'Any symptoms?',
      type: 'string',
      isOptional: true,
      previousFields: [travelled, days, quarantine].map((before) => ({ type: 'after', info: { fieldId: before.id } })),
    }, form.id);

    // A submission that skips a question the answers lead to is refused by the api.
    const skipping = await patient('Skip');
    const { accessCode: skipCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: skipping.id });
    await expect(
      admin.api.form_responses.submit_form_response({ accessCode: skipCode, responses: [{ fieldId: travelled.id, fieldTitle: 'Have you travelled recently?', answer: { type: 'multiple_choice', value: ['Yes'] } }] } as never),
    ).rejects.toMatchObject({ message: 'Error parsing field responses: A response is required for Where did you go?' });

    const enduser = await patient('Vera');
    const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });
    await signInAs(harness, admin, enduser.id, `/documents/forms/${accessCode}`);
    // Unanswered, the form is two questions long; 'Yes' opens the travel branch as soon as it is picked.
    await question(page, 1, 2);
    await page.getByRole('radio', { name: 'Yes' }).check();
    await question(page, 1, 4);
    await next(page);
    await page.getByLabel('Where did you go?').fill('Lisbon');
    await next(page);
    await question(page, 3, 4);
    await page.getByLabel('How many days were you away?').fill('20');
    // More than 14 days adds the quarantine question (compound logic).
    await question(page, 3, 5);
    await screenshot(page, 'form-conditions');
    await next(page);
    await page.getByText('Did you quarantine on return?').waitFor();
    await page.getByRole('radio', { name: 'No' }).check();
    await next(page);
    await question(page, 5, 5);
    await page.getByRole('button', { name: 'Submit' }).waitFor();

    // Back to the trip's length: a short trip skips quarantine, and the form ends one question sooner.
    await page.getByRole('button', { name: 'Previous' }).click();
    await question(page, 4, 5);
    await page.getByRole('button', { name: 'Previous' }).click();
    await question(page, 3, 5);
    await page.getByLabel('How many days were you away?').fill('3');
    await question(page, 3, 4);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'form-conditions');
    await next(page);
    await question(page, 4, 4);
    await page.getByText('Any symptoms?').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your response was successfully recorded', { exact: true }).waitFor();

    const [stored] = await admin.api.form_responses.getSome({ filter: { accessCode } });
    const sent = Object.fromEntries((stored.responses ?? []).map((response) => [response.fieldId, response.answer.value]));
    expect(sent).toEqual({ [travelled.id]: ['Yes'], [where.id]: 'Lisbon', [days.id]: 3, [symptoms.id]: '' });

    // 'No' goes straight to the last question: the travel branch is neither asked nor required.
    const homebody = await patient('Hal');
    const { accessCode: homeCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: homebody.id });
    await page.setViewportSize(DESKTOP);
    await page.context().clearCookies();
    await signInAs(harness, admin, homebody.id, `/documents/forms/${homeCode}`);
    await page.getByRole('radio', { name: 'No' }).check();
    await question(page, 1, 2);
    await next(page);
    await question(page, 2, 2);
    await page.getByLabel('Any symptoms?').fill('None');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your response was successfully recorded', { exact: true }).waitFor();
    const [home] = await admin.api.form_responses.getSome({ filter: { accessCode: homeCode } });
    expect(home.submittedAt).toBeTruthy();
    expect((home.responses ?? []).map((response) => response.fieldTitle)).toEqual(['Have you travelled recently?', 'Any symptoms?']);
  });
  it("shows a group's questions only while their groupShowCondition holds, as the answers are typed, and requires and sends only those shown", async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const form = await admin.api.forms.createOne({ title: 'Smoking history' });
    const smoker = await admin.api.form_fields.createOne({
      formId: form.id, title: 'Do you smoke?', type: 'multiple_choice', options: { choices: ['Yes', 'No'], radio: true }, previousFields: [{ type: 'root', info: {} }],
    } as never);
    const packs = await admin.api.form_fields.createOne({ formId: form.id, title: 'Packs per day', type: 'number', isInGroup: true, groupShowCondition: { condition: { [smoker.id]: 'Yes' } } } as never);
    // Shown by an answer in the same group: appears as 'Packs per day' is typed.
    const years = await admin.api.form_fields.createOne({
      formId: form.id, title: 'Years smoked', type: 'number', isInGroup: true, groupShowCondition: { $and: [{ condition: { [smoker.id]: 'Yes' } }, { condition: { [packs.id]: { $gt: 1 } } }] },
    } as never);
    const notes = await admin.api.form_fields.createOne({ formId: form.id, title: 'Anything else?', type: 'string', isOptional: true, isInGroup: true } as never);
    await admin.api.form_fields.createOne({
      formId: form.id, title: 'Smoking details', type: 'Question Group', isOptional: true,
      options: { subFields: [{ id: packs.id }, { id: years.id }, { id: notes.id }] }, previousFields: [{ type: 'after', info: { fieldId: smoker.id } }],
    } as never);

    // A non-smoker never sees (nor is asked for) the smoking questions.
    const nonSmoker = await patient('Nina');
    const { accessCode: noCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: nonSmoker.id });
    await signInAs(harness, admin, nonSmoker.id, `/documents/forms/${noCode}`);
    await page.getByRole('radio', { name: 'No' }).check();
    await next(page);
    await question(page, 2, 2);
    await page.getByLabel('Anything else?').waitFor();
    expect(await page.getByLabel('Packs per day').isVisible()).toBe(false);
    expect(await page.getByLabel('Years smoked').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your response was successfully recorded', { exact: true }).waitFor();
    const [none] = await admin.api.form_responses.getSome({ filter: { accessCode: noCode } });
    expect((none.responses ?? []).map((response) => response.fieldTitle)).toEqual(['Do you smoke?', 'Anything else?']);

    // A smoker sees 'Packs per day', and 'Years smoked' once more than one pack is typed; both are required then.
    const smokerPatient = await patient('Sam');
    const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: smokerPatient.id });
    await page.context().clearCookies();
    await signInAs(harness, admin, smokerPatient.id, `/documents/forms/${accessCode}`);
    await page.getByRole('radio', { name: 'Yes' }).check();
    await next(page);
    await question(page, 2, 2);
    await page.getByLabel('Packs per day').fill('1');
    expect(await page.getByLabel('Years smoked').isVisible()).toBe(false);
    await page.getByLabel('Packs per day').fill('2');
    await page.getByLabel('Years smoked').waitFor();
    await screenshot(page, 'form-group-show-condition');
    // Submitting without the question just shown is refused until it is answered.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator(`[data-question="${years.id}"]`).getByText('Please enter a number', { exact: true }).waitFor();
    await page.getByLabel('Years smoked').fill('10');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your response was successfully recorded', { exact: true }).waitFor();
    const [stored] = await admin.api.form_responses.getSome({ filter: { accessCode } });
    const sent = Object.fromEntries((stored.responses ?? []).map((response) => [response.fieldId, response.answer.value]));
    expect(sent).toEqual({ [smoker.id]: ['Yes'], [packs.id]: 2, [years.id]: 10, [notes.id]: '' });
  });
});
