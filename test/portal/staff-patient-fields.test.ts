import type { Session } from '@tellescope/sdk';
import { waitFor } from '../automations/support';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

type EnduserSettings = { customFields?: { type: string; field: string; info?: { options?: string[] } }[]; disableAdhocFields?: boolean };

/**
 * Settings > Patient details (docs/contract/entities.md#organizations, "Enduser settings": custom fields of type Select,
 * Text, Multiple Text or Date, and disableAdhocFields): an Admin lists what the clinic keeps about
 * every patient, and each patient's record shows a box of that kind, storing a list as a list and a
 * date as a date.
 */
describe('portal: staff patient details', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const enduserSettings = async () =>
    ((await admin.api.organizations.getOne(harness.tenant.businessId)) as { settings?: { endusers?: EnduserSettings } }).settings?.endusers ?? {};

  it('an Admin defines the details, the record shows a box of each kind, and what it saves keeps its kind', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    // The walk may run twice (the harness retries a failed browser test): start from no details.
    await admin.api.organizations.updateOne(harness.tenant.businessId, { settings: {} } as never, { replaceObjectFields: true });
    const patient = await admin.api.endusers.createOne({ fname: 'Grace', lname: 'Hopper', tags: ['vip'], fields: { Insurance: 'Aetna', 'Referred by': 'Dr Lee' } } as never);

    await openAsAdmin(harness, '/staff/settings/patient-details');
    const card = page.getByRole('region', { name: 'Patient details' });
    await card.getByText('No patient details yet.').waitFor();
    await page.getByRole('link', { name: 'Patient details' }).waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    // A choice needs its choices (the box for them appears once the kind is a choice).
    await card.getByLabel('New detail').fill('Insurance');
    await card.getByLabel('Kind').selectOption({ label: 'One of a few choices' });
    await card.getByRole('button', { name: 'Save patient details' }).click();
    await card.getByText('List the choices for Insurance, one a line').waitFor();
    await card.getByLabel('Choices').fill('Aetna\nMedicare\n\nAetna');
    await card.getByRole('button', { name: 'Save patient details' }).click();
    await card.getByText('Insurance added').waitFor();
    // The saved list is drawn anew once the page's data is read again (the message comes first).
    await card.getByRole('group', { name: 'Insurance' }).waitFor();
    for (const [name, kind] of [
      ['Allergies', 'A list, one a line'],
      ['Last screening', 'A date'],
    ]) {
      await card.getByLabel('New detail').fill(name!);
      await card.getByLabel('Kind').last().selectOption({ label: kind! });
      await card.getByRole('button', { name: 'Save patient details' }).click();
      await card.getByText(`${name} added`).waitFor();
      await card.getByRole('group', { name }).waitFor();
    }
    // A second detail of the same name is refused in words, and nothing changes.
    await card.getByLabel('New detail').fill('insurance');
    await card.getByRole('button', { name: 'Save patient details' }).click();
    await card.getByRole('alert').filter({ hasText: 'Two details are named insurance: give each its own name.' }).waitFor();
    await card.getByLabel('Staff may add other details to one patient').uncheck();
    await card.getByLabel('New detail').fill('');
    await card.getByRole('button', { name: 'Save patient details' }).click();
    await card.getByText('Patient details saved').waitFor();
    expect(await enduserSettings()).toEqual({
      customFields: [
        { type: 'Select', field: 'Insurance', info: { options: ['Aetna', 'Medicare'] } },
        { type: 'Multiple Text', field: 'Allergies', info: {} },
        { type: 'Date', field: 'Last screening', info: {} },
      ],
      disableAdhocFields: true,
    });
    await checkScreen(page, 'staff-settings-patient-details', DESKTOP);
    await checkScreen(page, 'staff-settings-patient-details', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Adding a patient asks for the clinic's details too, each in its kind; the list offers them as custom fields to filter by, and the tags in use.
    await page.goto(`${portal.url}/staff/patients/new`);
    await page.getByLabel('First name').fill('Alan');
    await page.getByLabel('Last name').fill('Turing');
    const intake = page.getByRole('group', { name: 'Details your clinic keeps' });
    await intake.getByLabel('Insurance').selectOption('Medicare');
    await intake.getByLabel('Allergies').fill('Latex');
    await checkScreen(page, 'staff-patient-new-details', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Add patient' }).click();
    await page.getByRole('heading', { name: 'Alan Turing', level: 1 }).waitFor();
    const [alan] = await admin.api.endusers.getSome({ filter: { fname: 'Alan', lname: 'Turing' } } as never);
    expect((alan as { fields?: unknown }).fields).toEqual({ Insurance: 'Medicare', Allergies: ['Latex'] });
    await page.goto(`${portal.url}/staff/patients`);
    const filter = page.getByRole('search');
    expect(await filter.getByLabel('Custom field').getAttribute('placeholder')).toBe('e.g. Insurance');
    const suggested = (list: string) => filter.locator(`#filter-${list}-suggestions option`).evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value));
    expect(await suggested('field')).toEqual(['Insurance', 'Allergies', 'Last screening']);
    // The tag filter suggests the tags in use.
    expect(await suggested('tag')).toEqual(['vip']);

    // The record: the clinic's details first, each in its kind of box; the patient's own other detail after; no box for new ones.
    await page.goto(`${portal.url}/staff/patients/${patient.id}`);
    const details = page.getByRole('region', { name: 'Other details' });
    expect(await details.getByLabel('Insurance').inputValue()).toBe('Aetna');
    expect(await details.getByLabel('Last screening').getAttribute('type')).toBe('date');
    expect(await details.getByLabel('Referred by').inputValue()).toBe('Dr Lee');
    expect(await details.getByLabel('New detail').count()).toBe(0);
    await details.getByLabel('Insurance').selectOption('Medicare');
    await details.getByLabel('Allergies').fill('Penicillin\nLatex\n');
    await details.getByLabel('Last screening').fill('2026-03-04');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByText('Details saved').waitFor();
    expect(((await admin.api.endusers.getOne(patient.id)) as { fields?: unknown }).fields).toEqual({
      Insurance: 'Medicare',
      Allergies: ['Penicillin', 'Latex'],
      'Last screening': '2026-03-04',
      'Referred by': 'Dr Lee',
    });
    // Drawn anew from what was saved (the page's data is read again after the message): one allergy a line.
    await waitFor(() => details.getByLabel('Allergies').inputValue(), (value) => value === 'Penicillin\nLatex', 'the saved allergies, one a line');
    await checkScreen(page, 'staff-patient-details-record', DESKTOP);
    await checkScreen(page, 'staff-patient-details-record', MOBILE);
    await page.setViewportSize(DESKTOP);

    // A new detail forged past the missing box is not kept: the clinic keeps only its own.
    const forged = await page.request.post(`${portal.url}/staff/patients/${patient.id}`, { form: { intent: 'details', newDetailName: 'Forged', newDetailValue: 'yes' } });
    expect(forged.status()).toBe(200);
    expect(((await admin.api.endusers.getOne(patient.id)) as { fields?: Record<string, unknown> }).fields?.Forged).toBeUndefined();

    // Removing a detail leaves what patients have: Allergies stays on the record, shown as it is.
    await page.goto(`${portal.url}/staff/settings/patient-details`);
    await card.getByRole('button', { name: 'Remove Allergies' }).click();
    await card.getByText('Allergies removed. What patients already have under that name stays on their records.').waitFor();
    expect((await enduserSettings()).customFields?.map((field) => field.field)).toEqual(['Insurance', 'Last screening']);
    await page.goto(`${portal.url}/staff/patients/${patient.id}`);
    await details.getByText('Penicillin, Latex').waitFor();
    expect(await details.getByLabel('Last screening').inputValue()).toBe('2026-03-04');

    // Renaming a detail moves what patients have to the new name: the record shows the date under it.
    await page.goto(`${portal.url}/staff/settings/patient-details`);
    const second = card.locator('#field-1-name');
    expect(await second.inputValue()).toBe('Last screening');
    await second.fill('Last check-up');
    await card.getByRole('button', { name: 'Save patient details' }).click();
    await card.getByText('Patient details saved. Last screening is now Last check-up on 1 record').waitFor();
    const fields = ((await admin.api.endusers.getOne(patient.id)) as { fields?: Record<string, unknown> }).fields;
    expect(fields).toMatchObject({ 'Last check-up': '2026-03-04' });
    expect(fields?.['Last screening']).toBeUndefined();
    await page.goto(`${portal.url}/staff/patients/${patient.id}`);
    expect(await details.getByLabel('Last check-up').inputValue()).toBe('2026-03-04');
  }, 180_000);
});
