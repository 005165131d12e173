import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

type Superbill = { id: string; appointmentDate: string; patient: Record<string, string>; provider: Record<string, unknown>; lineItems: { billingCode: { code?: string; label: string }; quantity: number; cost: { amount: number } }[] };

/**
 * Superbills (docs/contract/entities.md#commerce-and-billing): an Admin keeps the practice's billing details in Settings >
 * Billing; from a completed appointment, staff make the patient's superbill on their record with the
 * services and fees, download it as a PDF, and delete one made by mistake. Nothing half-filled is stored.
 */
describe('portal: staff superbills', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('billing details in Settings, a superbill made from a completed visit, its PDF, and deleting it', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const office = `Harbor Family Care ${suffix}`;

    // Settings > Billing: empty, then a profile refused until complete, then added.
    await openAsAdmin(harness, '/staff/settings/billing');
    await page.getByText('No billing profile yet.').waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const form = page.getByRole('form', { name: 'New billing profile' });
    const fill = async (values: Record<string, string>) => {
      // A required box's label ends in Joy's asterisk (after a thin space).
      for (const [label, value] of Object.entries(values)) await form.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}[\\s*]*$`)).fill(value);
    };
    await fill({ 'Practice name': office, 'Provider name': 'Dr. Ana Reyes', NPI: '1234567893', 'License number': 'A98765', 'Billing email': 'billing@harbor.example', 'Billing phone': '415-555-0100' });
    await fill({ Address: '12 Harbor Way', City: 'Oakland', State: 'ca', 'ZIP code': '94607', 'Place of service code': '11' });
    await form.getByRole('button', { name: 'Add billing profile' }).click();
    await form.getByText('Enter the Tax ID (EIN)').waitFor();
    expect(await admin.api.superbill_providers.getSome()).toHaveLength(0);
    await fill({ 'Tax ID (EIN)': '12-3456789' });
    await form.getByRole('button', { name: 'Add billing profile' }).click();
    await page.getByText('Billing profile added').waitFor();
    const profiles = page.getByRole('list', { name: 'Billing profiles' });
    await profiles.getByText(`${office} · Dr. Ana Reyes`).waitFor();
    await profiles.getByText('12 Harbor Way, Oakland, CA 94607 · NPI 1234567893').waitFor();
    await checkScreen(page, 'staff-settings-billing', DESKTOP);

    // A completed visit offers a superbill; the record opens with the visit's day in the form.
    const patient = await admin.api.endusers.createOne({ fname: 'Nora', lname: `Billing${suffix}`, phone: '+15555550177' } as never);
    const start = Date.now() - 2 * 86_400_000;
    const event = await admin.api.calendar_events.createOne({ title: 'Follow-up', startTimeInMS: start, durationInMinutes: 30, attendees: [{ type: 'enduser', id: patient.id }] } as never);
    await admin.api.calendar_events.updateOne(event.id, { completedAt: new Date(start + 1_800_000) } as never);
    await page.goto(`${harness.portal.url}/staff/calendar/${event.id}`);
    await page.getByRole('link', { name: 'Make a superbill' }).click();
    await page.waitForURL(new RegExp(`/staff/patients/${patient.id}\\?superbillDay=\\d{4}-\\d{2}-\\d{2}#patient-superbills$`));
    const visitDay = new URL(page.url()).searchParams.get('superbillDay');
    const section = page.getByRole('region', { name: 'Superbills' });
    await section.getByText('No superbills yet.').waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const bill = section.getByRole('form', { name: 'New superbill' });
    expect(await bill.getByLabel('Day of the visit').inputValue()).toBe(visitDay);
    const line = (index: number) => bill.getByRole('group', { name: `Service ${index}` });
    await line(1).getByLabel('CPT code').fill('99213');
    await line(1).getByLabel('Service').fill('Office visit');
    await line(1).getByLabel('Fee ($)').fill('150');
    await line(2).getByLabel('CPT code').fill('90686');
    await line(2).getByLabel('Service').fill('Flu shot');
    await line(2).getByLabel('Fee ($)').fill('about 25');

    // A fee that is not one, then a patient without a birth date: nothing stored.
    await bill.getByRole('button', { name: 'Make superbill' }).click();
    await line(2).getByText('Enter the fee, such as 150.00').waitFor();
    await line(2).getByLabel('Fee ($)').fill('25.50');
    // A line given only its code.
    await line(3).getByLabel('CPT code').fill('36415');
    await line(3).getByLabel('Fee ($)').fill('12');
    await bill.getByRole('button', { name: 'Add a line' }).click();
    await line(4).getByLabel('Service').fill('Lab draw');
    await line(4).getByLabel('Units').fill('2');
    await line(4).getByLabel('Fee ($)').fill('$10');
    await bill.getByRole('button', { name: 'Make superbill' }).click();
    await bill.getByText("Add the patient's date of birth to their profile first: superbills print it.").waitFor();
    expect(await admin.api.superbills.getSome({ filter: { enduserId: patient.id } } as never)).toHaveLength(0);

    await admin.api.endusers.updateOne(patient.id, { dateOfBirth: '04-12-1980' } as never);
    await bill.getByRole('button', { name: 'Make superbill' }).click();
    await bill.getByText('Superbill made').waitFor();
    const [stored] = (await admin.api.superbills.getSome({ filter: { enduserId: patient.id } } as never)) as unknown as Superbill[];
    expect(stored?.patient).toEqual({ name: `Nora Billing${suffix}`, dateOfBirth: '04-12-1980', phone: '+15555550177' });
    expect(stored?.provider).toMatchObject({ officeName: office, providerNPI: '1234567893', taxId: '12-3456789', placeOfServiceCode: '11', address: { lineOne: '12 Harbor Way', city: 'Oakland', state: 'CA', zipCode: '94607' } });
    expect(stored?.lineItems.map((item) => [item.billingCode.code, item.billingCode.label, item.quantity, item.cost.amount])).toEqual([
      ['99213', 'Office visit', 1, 15000],
      ['90686', 'Flu shot', 1, 2550],
      ['36415', '36415', 1, 1200],
      [undefined, 'Lab draw', 2, 1000],
    ]);
    const listed = section.getByRole('list', { name: 'Superbills' }).getByRole('listitem');
    await listed.getByText('$207.50').waitFor();
    await listed.getByText('36415: $12.00', { exact: true }).waitFor();
    await listed.getByText('Lab draw × 2: $20.00').waitFor();
    // Emptied once made, so a second visit starts fresh.
    expect(await line(1).getByLabel('Fee ($)').inputValue()).toBe('');

    // The PDF downloads with the staff member's session.
    const download = listed.getByRole('link', { name: /^Download the superbill of .+ \(PDF\)$/ });
    const pdf = await page.request.get(new URL((await download.getAttribute('href'))!, harness.portal.url).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await checkScreen(page, 'staff-patient-superbills', MOBILE);

    // Deleted after the question; the record says so.
    await page.setViewportSize(DESKTOP);
    await listed.getByRole('button', { name: /^Delete the superbill of / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await section.getByText('No superbills yet.').waitFor();
    expect(await admin.api.superbills.getSome({ filter: { enduserId: patient.id } } as never)).toHaveLength(0);
  });
});
