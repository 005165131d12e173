import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { screenshot, signInAs } from '../support/portal-pages';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

type Link = { type: string; info?: { fieldId?: string; equals?: string } };

/**
 * Issue 35, the forms builder: a form built in the staff app (a branch on an answer and a signature,
 * said in words, never ids) previews as the patient sees it, is sent from the patient record, filled
 * in the portal along the branch, and its answers are read on the patient's record. The list
 * searches and says what to do when empty; a form is duplicated (its branch pointing at the copy's
 * questions) and archived (then no longer offered to send); leaving with unsaved changes asks first; a failed check keeps what was typed.
 */
describe('portal: staff forms builder', () => {
  const harness = usePortalHarness({ mail: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const choose = async (page: Page, scope: Locator, label: string, option: string) => {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const question = (page: Page, heading: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: heading }) });
  const addQuestion = async (page: Page, type: string, title: string, n: number) => {
    await choose(page, page.locator('main'), 'Answer type of the new question', type);
    await page.getByRole('button', { name: 'Add a question' }).click();
    const card = question(page, `${n}. Question ${n}`);
    await card.getByLabel('Question', { exact: true }).fill(title);
    return question(page, `${n}. ${title}`);
  };
  const fieldsOf = async (formId: string) => (await admin.api.form_fields.getSome({ filter: { formId } } as never)) as unknown as { id: string; title: string; previousFields: Link[]; type: string }[];

  it('builds a form with a branch and a signature that a patient fills in the portal and staff read on the record', async () => {
    const { page, portal } = harness;
    const suffix = randomBytes(3).toString('hex');
    const title = `Smoking history ${suffix}`;
    await page.setViewportSize(DESKTOP);
    // The clinic starts without forms (a retried attempt removes the last one's).
    for (const old of await admin.api.forms.getSome()) await admin.api.forms.deleteOne(old.id);

    // An empty list says what to do next.
    await openAsAdmin(harness, '/staff/forms');
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();
    await page.getByRole('heading', { name: 'No forms yet' }).waitFor();
    await checkScreen(page, 'staff-forms-empty', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'New form' }).click();
    await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor();

    // Saving without a name: the spec's 'Required' on the field, nothing made, what was typed kept.
    await page.getByLabel('Thanks message').fill('Thank you, we will review your answers.');
    await page.getByRole('button', { name: 'Save form' }).click();
    await page.locator('main').getByText('Required', { exact: true }).waitFor();
    expect(await admin.api.forms.getSome()).toHaveLength(0);
    expect(await page.getByLabel('Thanks message').inputValue()).toBe('Thank you, we will review your answers.');
    await page.getByLabel('Name', { exact: true }).fill(title);

    // Q1: a choice; Q2 only when the answer is 'Yes'; Q3 (a signature) after Q2, or after Q1 on any other answer.
    const smoke = await addQuestion(page, 'Multiple choice', 'Do you smoke?', 1);
    await smoke.getByRole('textbox', { name: 'Choice 1', exact: true }).fill('Yes');
    await smoke.getByRole('textbox', { name: 'Choice 2', exact: true }).fill('No');
    const howMany = await addQuestion(page, 'Number', 'How many cigarettes a day?', 2);
    await howMany.getByRole('radio', { name: 'Only after chosen questions and answers' }).check();
    await choose(page, howMany, 'When the answer is', "'Yes'");
    await howMany.getByText("Show after 'Do you smoke?' when the answer is 'Yes'").waitFor();
    const sign = await addQuestion(page, 'Signature', 'Sign to confirm', 3);
    await sign.getByLabel('Document to sign (link to a PDF)').fill('https://example.com/consent.pdf');
    await sign.getByRole('radio', { name: 'Only after chosen questions and answers' }).check();
    // An added rule starts after the nearest question no rule follows yet, never a copy of rule 1.
    await sign.getByRole('button', { name: 'Also show after…' }).click();
    await sign.getByRole('group', { name: /^Rule 2/ }).getByText("Show after 'Do you smoke?'", { exact: true }).waitFor();
    await choose(page, sign.getByRole('group', { name: /^Rule 2/ }), 'Show after', "'Do you smoke?'");
    await sign.getByRole('group', { name: /^Rule 1/ }).getByText("Show after 'How many cigarettes a day?'", { exact: true }).waitFor();
    await sign.getByRole('group', { name: /^Rule 2/ }).getByText("Show after 'Do you smoke?'", { exact: true }).waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/previousFields|new-[a-z0-9]+-\d/);

    // The preview is the portal's renderer: 'No' skips the count and goes to the signature.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('Question 1 of 2').waitFor();
    await preview.getByRole('radio', { name: 'No' }).check();
    await preview.getByRole('button', { name: 'Next' }).click();
    await preview.getByText('Read the document you are signing (PDF)').waitFor();
    await preview.getByRole('button', { name: 'Previous' }).click();
    await preview.getByRole('radio', { name: 'Yes' }).check();
    await preview.getByText('Question 1 of 3').waitFor();
    await checkScreen(page, 'staff-forms-builder', DESKTOP);
    await checkScreen(page, 'staff-forms-builder', MOBILE);
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByText(`Saved ${title}.`).waitFor();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const [form] = await admin.api.forms.getSome();
    const fields = await fieldsOf(form!.id);
    const id = (name: string) => fields.find((field) => field.title === name)!.id;
    const linksOf = (name: string) => fields.find((field) => field.title === name)!.previousFields;
    expect(linksOf('Do you smoke?')).toEqual([{ type: 'root', info: {} }]);
    expect(linksOf('How many cigarettes a day?')).toEqual([{ type: 'previousEquals', info: { fieldId: id('Do you smoke?'), equals: 'Yes' } }]);
    expect(linksOf('Sign to confirm')).toEqual([
      { type: 'after', info: { fieldId: id('How many cigarettes a day?') } },
      { type: 'after', info: { fieldId: id('Do you smoke?') } },
    ]);
    // Reloaded, the branch reads the same in words.
    await question(page, '2. How many cigarettes a day?').getByText("Show after 'Do you smoke?' when the answer is 'Yes'").waitFor();

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.getByLabel('Name', { exact: true }).fill(`${title} (draft)`);
    const asked = page.waitForEvent('dialog').then(async (dialog) => {
      const message = dialog.message();
      await dialog.dismiss();
      return message;
    });
    await page.getByRole('link', { name: 'Back to forms' }).click();
    expect(await asked).toBe('You have unsaved changes. Leave this page and lose them?');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(`${title} (draft)`);
    await page.getByLabel('Name', { exact: true }).fill(title);

    // Sent from the patient's record by email; filled in the portal along the 'Yes' branch, signed.
    const email = `pat-${suffix}@example.com`;
    const patient = await admin.api.endusers.createOne({ fname: 'Pat', lname: `Smoker${suffix}`, email });
    await page.goto(`${portal.url}/staff/patients/${patient.id}`);
    const reach = page.getByRole('region', { name: 'Reach the patient' });
    await choose(page, reach, 'Send a form', title);
    await reach.getByRole('button', { name: 'Send form' }).click();
    await reach.getByText(`${title} sent by email`).waitFor();
    await harness.smtp.waitFor(email);
    // The record's live timeline shows the send before the page is left (its reload is not cut short).
    await page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: `${title} sent, not yet submitted` }).waitFor();
    await page.waitForLoadState('networkidle');

    await signInAs(harness, admin, patient.id, '/documents');
    await page.getByRole('region', { name: 'Outstanding Forms' }).getByRole('link', { name: title }).click();
    await page.getByText('Question 1 of 2').waitFor();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByText('Question 1 of 3').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/How many cigarettes a day\?/).fill('10');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('link', { name: 'Read the document you are signing (PDF)' }).waitFor();
    await page.getByRole('checkbox', { name: /I consent to use/ }).check();
    await page.getByLabel('Full name').fill(`Pat Smoker${suffix}`);
    await screenshot(page, 'staff-forms-patient-signature');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you, we will review your answers.').waitFor();

    // The answers on the patient's record, as the portal shows them.
    await page.goto(`${portal.url}/staff/patients/${patient.id}`);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByRole('link', { name: `Read ${title} submitted` }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Yes', { exact: true }).waitFor();
    await page.getByText('10', { exact: true }).waitFor();
    await page.getByText(`Pat Smoker${suffix}`, { exact: false }).first().waitFor();
    await checkScreen(page, 'staff-forms-response', DESKTOP);
    await page.setViewportSize(DESKTOP);

    // The public link: copied from the builder, it opens the form to anyone, who says who they are first.
    await page.goto(`${portal.url}/staff/forms/${form!.id}`);
    await page.getByRole('switch', { name: 'Anyone with the link can fill it in' }).check();
    await choose(page, page.locator('main'), 'Phone number on the public form', 'Asked, optional');
    await page.getByText('Save the form to get its public link.').waitFor();
    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByText(`Saved ${title}.`).waitFor();
    const publicLink = await page.getByRole('textbox', { name: 'Public link' }).inputValue();
    expect(publicLink).toBe(`${portal.url}/public-form?businessId=${harness.tenant.businessId}&formId=${form!.id}`);
    expect(await admin.api.forms.getOne(form!.id)).toMatchObject({ allowPublicURL: true, intakePhone: 'optional' });
    // The server's page names each menu's choice before scripts run (Joy's Select draws its value only once they do).
    const served = await (await page.request.get(`${portal.url}/staff/forms/${form!.id}`)).text();
    expect(served).toMatch(/aria-labelledby="form-intakePhone"[^>]*>Asked, optional</);
    expect(served).toMatch(/-after"[^>]*>(&#x27;|')Do you smoke\?(&#x27;|')</);
    await page.goto(publicLink);
    await page.getByRole('heading', { level: 1, name: 'Before you start' }).waitFor();
    const visitor = `walk-in-${suffix}@example.com`;
    await page.getByLabel('First name').fill('Wally');
    await page.getByLabel('Last name').fill(`Walkin${suffix}`);
    await page.getByLabel('Email').fill(visitor);
    await checkScreen(page, 'staff-forms-public-link', MOBILE);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByText('Question 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: /I consent to use/ }).check();
    await page.getByLabel('Full name').fill(`Wally Walkin${suffix}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you, we will review your answers.').waitFor();
    await checkScreen(page, 'staff-forms-public-thanks', DESKTOP);
    const [walkIn] = await admin.api.endusers.getSome({ filter: { email: visitor } } as never);
    const [publicResponse] = await admin.api.form_responses.getSome({ filter: { enduserId: walkIn!.id } } as never);
    expect(publicResponse).toMatchObject({ formId: form!.id, publicSubmit: true, submittedAt: expect.any(String) });
    expect(publicResponse!.responses!.map((answer) => answer.fieldTitle)).toEqual(['Do you smoke?', 'Sign to confirm']);
    await page.setViewportSize(DESKTOP);

    // Duplicate: a copy whose branch points at its own questions; archive it; the list searches.
    await page.goto(`${portal.url}/staff/forms/${form!.id}`);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { level: 1, name: `Copy of ${title}` }).waitFor();
    const copy = (await admin.api.forms.getSome()).find((record) => record.title === `Copy of ${title}`)!;
    const copied = await fieldsOf(copy.id);
    const copiedSmoke = copied.find((field) => field.title === 'Do you smoke?')!.id;
    expect(copied.find((field) => field.title === 'How many cigarettes a day?')!.previousFields).toEqual([{ type: 'previousEquals', info: { fieldId: copiedSmoke, equals: 'Yes' } }]);
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Form archived. Find it under Show archived forms.').waitFor();
    expect((await admin.api.forms.getOne(copy.id)).disabled).toBe(true);
    const list = page.getByRole('list', { name: 'Forms' });
    await list.getByRole('heading', { name: title, exact: true }).waitFor();
    expect(await list.getByRole('heading', { name: `Copy of ${title}` }).count()).toBe(0);
    await page.getByRole('link', { name: 'Show archived forms' }).click();
    await page.getByRole('list', { name: 'Archived forms' }).getByRole('heading', { name: `Copy of ${title}` }).waitFor();
    await page.getByRole('link', { name: 'Show forms in use' }).click();
    await list.getByRole('heading', { name: title, exact: true }).waitFor();
    // The archived copy is no longer offered to send from a patient's record; the form in use still is.
    await page.goto(`${portal.url}/staff/patients/${patient.id}`);
    await page.getByRole('region', { name: 'Reach the patient' }).getByRole('combobox', { name: 'Send a form' }).click();
    await page.getByRole('option', { name: title, exact: true }).waitFor();
    expect(await page.getByRole('option', { name: `Copy of ${title}` }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto(`${portal.url}/staff/forms`);
    await page.getByRole('searchbox', { name: 'Search forms by name' }).fill('nothing like this');
    await page.getByRole('searchbox', { name: 'Search forms by name' }).press('Enter');
    await page.getByRole('heading', { name: "No forms match 'nothing like this'" }).waitFor();
    await page.getByRole('searchbox', { name: 'Search forms by name' }).fill('smoking');
    await page.getByRole('searchbox', { name: 'Search forms by name' }).press('Enter');
    await list.getByRole('heading', { name: title, exact: true }).waitFor();
    await checkScreen(page, 'staff-forms-list', DESKTOP);
    await checkScreen(page, 'staff-forms-list', MOBILE);
  }, 300_000);
});
