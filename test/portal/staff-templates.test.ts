import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

/**
 * Issue 35, message templates: a template written in the staff app with the rich-text editor and the
 * variable picker previews, through the server's renderer, with the chosen patient's name; a journey
 * step that sends it emails that patient with their name. Required fields and the api's refusals show
 * on the field and keep what was typed; leaving with unsaved changes asks first; duplicate and delete.
 */
describe('portal: staff message templates', () => {
  const harness = usePortalHarness({ mail: true, automations: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('writes a template with variables, previews it for a patient, and a journey step emails it with their name', async () => {
    const { page, smtp } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const email = `ada-${suffix}@example.test`;
    await admin.api.endusers.createOne({ fname: 'Ada', lname: `Lovelace${suffix}`, email } as never);
    for (const row of await admin.api.templates.getSome()) await admin.api.templates.deleteOne(row.id);

    // The list: empty at first, with what to do next; the navigation's Builders group.
    await openAsAdmin(harness, '/staff/templates');
    await page.getByRole('heading', { name: 'No templates yet' }).waitFor();
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Templates' }).waitFor();
    await checkScreen(page, 'staff-templates-empty', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Add a template' }).click();
    await page.getByRole('heading', { name: 'Add a template', level: 1 }).waitFor();
    await page.locator('[data-editor="ready"]').waitFor();

    // The spec's 'Required' on each empty field; nothing is saved.
    await page.getByRole('button', { name: 'Add template' }).click();
    await page.getByText('Required', { exact: true }).first().waitFor();
    expect(await page.getByText('Required', { exact: true }).count()).toBe(3);

    const title = `Welcome ${suffix}`;
    await page.getByLabel('Name').fill(title);
    await page.getByLabel('Email subject').fill('Welcome, {{enduser.fname}}');
    const body = page.getByRole('textbox', { name: 'Message' });
    await body.click();
    await page.keyboard.type('Hello ');
    await page.getByRole('button', { name: 'Insert a variable' }).click();
    await page.getByRole('menuitem', { name: 'Patient: first name' }).click();
    await page.keyboard.type(', welcome to the clinic.');
    await page.getByText('As a text message: 47 of 630 characters').waitFor();

    // The live preview: the server's renderer, for the patient chosen by name.
    await page.getByRole('combobox', { name: 'Preview for' }).fill('Ada');
    await page.getByRole('option', { name: `Ada Lovelace${suffix}` }).click();
    const preview = page.getByTestId('email-preview');
    await preview.getByText('Hello Ada, welcome to the clinic.').waitFor();
    await page.getByText('Welcome, Ada', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Text or chat message' }).click();
    await page.getByRole('tabpanel').getByText('Hello Ada, welcome to the clinic.').waitFor();

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Journeys' }).click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/staff/templates/new');

    // The api's refusal (a subject over 250 characters) on its field, with everything typed kept.
    await page.getByLabel('Email subject').fill(`Welcome, {{enduser.fname}} ${'x'.repeat(250)}`);
    await page.getByRole('button', { name: 'Add template' }).click();
    await page.getByText(/Error parsing field subject/).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe(title);
    await body.getByText('Hello {{enduser.fname}}, welcome to the clinic.').waitFor();
    expect(await admin.api.templates.getSome()).toHaveLength(0);
    await page.getByLabel('Email subject').fill('Welcome, {{enduser.fname}}');
    // Corrected, the field no longer shows the old refusal.
    await page.getByText(/Error parsing field subject/).waitFor({ state: 'detached' });
    await checkScreen(page, 'staff-templates-editor', DESKTOP);
    await checkScreen(page, 'staff-templates-editor', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Add template' }).click();
    await page.getByRole('status').filter({ hasText: `Saved ${title}.` }).waitFor();
    await page.getByRole('list', { name: 'Message templates' }).getByText('Subject: Welcome, {{enduser.fname}}').waitFor();
    const [template] = await admin.api.templates.getSome();
    expect(template).toMatchObject({ title, message: 'Hello {{enduser.fname}}, welcome to the clinic.', mode: 'richtext' });
    expect(template!.html).toBe('<p>Hello {{enduser.fname}}, welcome to the clinic.</p>');
    expect(JSON.parse(template!.editorState as string)).toMatchObject({ type: 'doc' });

    // A journey whose first step sends it: the patient's email carries their name.
    const journey = await admin.api.journeys.createOne({ title: `Onboarding ${suffix}` } as never);
    await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: template!.id, senderId: admin.userInfo.id } },
    } as never);
    const [patient] = (await admin.api.endusers.getSome()).filter((row) => row.email === email);
    await admin.api.endusers.add_to_journey({ enduserIds: [patient!.id], journeyId: journey.id });
    const received = await smtp.waitFor(email, { timeoutMs: 90_000 });
    expect(received.subject).toBe('Welcome, Ada');
    expect(received.text).toContain('Hello Ada, welcome to the clinic.');
    expect(received.html).toContain('<p>Hello Ada, welcome to the clinic.</p>');

    // Duplicate, then delete the copy behind its confirmation.
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.locator('[data-editor="ready"]').waitFor();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { name: `Copy of ${title}`, level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: `This is a copy of ${title}.` }).waitFor();
    await page.locator('[data-editor="ready"]').getByText('Hello {{enduser.fname}}, welcome to the clinic.').waitFor();
    await page.getByRole('button', { name: `Delete Copy of ${title}` }).click();
    await page.getByRole('alertdialog', { name: `Delete Copy of ${title}?` }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: `Deleted Copy of ${title}.` }).waitFor();
    expect((await admin.api.templates.getSome()).map((row) => row.title)).toEqual([title]);
    await checkScreen(page, 'staff-templates-list', DESKTOP);
  });
});
