import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession, registeredEnduserSession } from '../support/tenant';

const DAY = 86_400_000;
type Observation = { id: string; code?: string; type?: string; status?: string; measurement?: { unit: string; value: number }; recordedAt?: string; reviewedAt?: string; notes?: string };

/**
 * The patient record's vital signs (enduser_observations, docs/contract/entities.md#work-items): the
 * newest of each kind at a glance, a visit's vitals recorded in one form (checked before anything is
 * stored), readings the patient sent marked until reviewed, and a set entered in error taken off the record.
 */
describe('portal: staff patient vital signs', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('shows the newest of each kind, records a visit, reviews what the patient sent and takes back a slip', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    // A patient with a portal account, who sent a blood sugar reading themself yesterday.
    const patientSession = await registeredEnduserSession(harness.api.host, harness.tenant, `vera-${suffix}@example.com`);
    const patientId = patientSession.userInfo.id as string;
    await admin.api.endusers.updateOne(patientId, { fname: 'Vera', lname: `Vitals${suffix}` } as never);
    await patientSession.api.enduser_observations.createOne({ enduserId: patientId, category: 'vital-signs', status: 'final', code: '2339-0', type: 'Blood sugar', measurement: { unit: 'mg/dL', value: 110 }, recordedAt: new Date(Date.now() - DAY).toISOString() } as never);
    // A weight another system recorded three days ago, in its own unit, and a heart rate taken with it.
    const threeDaysAgo = new Date(Date.now() - 3 * DAY).toISOString();
    await admin.api.enduser_observations.createOne({ enduserId: patientId, category: 'vital-signs', status: 'final', code: '29463-7', measurement: { unit: 'kg', value: 81.6 }, recordedAt: threeDaysAgo } as never);
    await admin.api.enduser_observations.createOne({ enduserId: patientId, category: 'vital-signs', status: 'final', code: '8867-4', type: 'Heart rate', measurement: { unit: 'beats/min', value: 80 }, recordedAt: threeDaysAgo } as never);
    const observations = async () => (await admin.api.enduser_observations.getSome({ filter: { enduserId: patientId } } as never)) as unknown as Observation[];

    await openAsAdmin(harness, `/staff/patients/${patientId}`);
    const section = page.getByRole('region', { name: 'Vital signs' });
    const latest = section.locator('dl');
    await latest.getByText('81.6 kg').waitFor();
    await latest.getByText('110 mg/dL').waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    // Half a blood pressure, then a weight out of range: refused on the field, nothing stored.
    await section.getByLabel('Weight').fill('180');
    await section.getByLabel('Systolic').fill('120');
    await section.getByRole('button', { name: 'Record vitals' }).click();
    await section.getByText('Enter both numbers of the blood pressure').waitFor();
    await section.getByLabel('Diastolic').fill('80');
    await section.getByLabel('Heart rate').fill('72');
    await section.getByLabel('Weight').fill('1800');
    await section.getByRole('button', { name: 'Record vitals' }).click();
    await section.getByText('Enter a number from 1 to 1000 lb').waitFor();
    expect(await observations()).toHaveLength(3);

    await section.getByLabel('Weight').fill('180');
    await section.getByLabel('Note (optional)').fill('Seated, after a short rest');
    await section.getByRole('button', { name: 'Record vitals' }).click();
    await section.getByText('4 vital signs recorded').waitFor();
    const recorded = (await observations()).filter((row) => row.notes === 'Seated, after a short rest');
    expect(recorded.map((row) => [row.code, row.measurement?.value, row.measurement?.unit]).sort()).toEqual([
      ['29463-7', 180, 'lb'],
      ['8462-4', 80, 'mmHg'],
      ['8480-6', 120, 'mmHg'],
      ['8867-4', 72, 'beats/min'],
    ]);
    expect(new Set(recorded.map((row) => row.recordedAt)).size).toBe(1);
    expect(Math.abs(Date.parse(recorded[0]!.recordedAt!) - Date.now())).toBeLessThan(60_000);
    // The newest weight is the visit's, and the pressure reads as one.
    await latest.getByText('180 lb').waitFor();
    await latest.getByText('120/80 mmHg').waitFor();
    await expect(latest.getByText('81.6 kg').count()).resolves.toBe(0);
    // Each kind says how it moved since the reading before (the weights are in two units: no comparison).
    await latest.getByText(/^Down 8 beats\/min since /).waitFor();
    await expect(latest.getByText(/^(Up|Down) .* lb since /).count()).resolves.toBe(0);
    // The timeline says what was taken.
    await page.getByText('Weight 180 lb · Blood pressure 120/80 mmHg · Heart rate 72 beats/min').first().waitFor();

    // What the patient sent is marked until a colleague reviews it.
    await section.getByText(/Every reading \(3 times\)/).click();
    const readings = section.getByRole('list', { name: 'Every reading' });
    await readings.getByText('From the patient', { exact: true }).waitFor();
    await checkScreen(page, 'staff-patient-vitals', DESKTOP);
    await readings.getByRole('button', { name: /^Mark reviewed: the readings of/ }).click();
    await readings.getByText('From the patient, reviewed').waitFor();
    expect((await observations()).find((row) => row.code === '2339-0')?.reviewedAt).toBeTruthy();

    // The visit's readings were a slip: after a question they leave the record (kept, marked).
    await readings.getByRole('listitem').filter({ hasText: 'Weight 180 lb' }).getByRole('button', { name: /^Entered in error: the readings of/ }).click();
    const question = page.getByRole('alertdialog', { name: /^Take the readings of .* off the record\?$/ });
    await question.getByRole('button', { name: 'Yes, entered in error' }).click();
    await latest.getByText('81.6 kg').waitFor();
    await latest.getByText('120/80 mmHg').waitFor({ state: 'detached' });
    const afterSlip = await observations();
    expect(afterSlip.filter((row) => row.status === 'entered-in-error').map((row) => row.code).sort()).toEqual(['29463-7', '8462-4', '8480-6', '8867-4']);
    expect(afterSlip).toHaveLength(7);
    await checkScreen(page, 'staff-patient-vitals', MOBILE);
  });
});
