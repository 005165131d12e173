import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

type Call = { id: string; inbound?: boolean; isVoicemail?: boolean; unread?: boolean; note?: string; to?: string; userId?: string };

/**
 * The patient's calls (phone_calls, docs/contract/entities.md#messaging): a voicemail nobody has heard waits on Today and on
 * the record until someone marks it heard, and a call made from the desk is logged on the record
 * and its timeline, by whom and to which number.
 */
describe('portal: staff patient calls', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('a voicemail waits on Today until heard, and a call made is logged on the record', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const patient = await admin.api.endusers.createOne({ fname: 'Carl', lname: `Caller${suffix}`, phone: '+15555550123' } as never);
    const transcription = `Hi, this is Carl ${suffix}, please call me back about my refill.`;
    await admin.api.phone_calls.createOne({ enduserId: patient.id, inbound: true, isVoicemail: true, unread: true, from: '+15555550123', transcription } as never);
    const calls = async () => (await admin.api.phone_calls.getSome({ filter: { enduserId: patient.id } } as never)) as unknown as Call[];

    // Today lists it under the patient's name, and opens the record at its calls.
    await openAsAdmin(harness, '/staff');
    const panel = page.getByRole('region', { name: 'Voicemails not heard yet' });
    await panel.getByText(transcription).waitFor();
    await panel.getByRole('link', { name: new RegExp(`Carl Caller${suffix}`) }).click();
    await page.waitForURL(new RegExp(`/staff/patients/${patient.id}#patient-calls$`));
    const section = page.getByRole('region', { name: 'Calls' });
    const voicemail = section.getByRole('listitem').filter({ hasText: transcription });
    await voicemail.getByText('Not heard yet').waitFor();
    expect(await section.getByRole('link', { name: 'Call +15555550123' }).getAttribute('href')).toBe('tel:+15555550123');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await checkScreen(page, 'staff-patient-calls', DESKTOP);

    await voicemail.getByRole('button', { name: /^Mark heard: voicemail of / }).click();
    await voicemail.getByText('Not heard yet').waitFor({ state: 'detached' });
    expect((await calls())[0]?.unread).toBe(false);

    // A call made from the desk: logged as this staff member's, to the patient's number.
    await section.getByLabel('What was said (optional)').fill('No answer, left a message');
    await section.getByRole('button', { name: 'Log call' }).click();
    await section.getByText('Call to the patient logged').waitFor();
    const made = (await calls()).find((call) => call.note === 'No answer, left a message');
    expect(made).toMatchObject({ inbound: false, to: '+15555550123', userId: admin.userInfo.id, unread: false });
    await section.getByRole('listitem').filter({ hasText: 'No answer, left a message' }).getByText('Call to the patient').waitFor();
    // The timeline says it too.
    await page.getByRole('navigation', { name: /^Filter the / }).getByRole('link', { name: 'Calls', exact: true }).click();
    await page.waitForURL(/calls/);
    await page.getByText('No answer, left a message').nth(1).waitFor();
    await page.getByText(transcription).nth(1).waitFor();
    await checkScreen(page, 'staff-patient-calls', MOBILE);

    // Heard, it no longer waits on Today.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${harness.portal.url}/staff`);
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    await expect(page.getByRole('region', { name: 'Voicemails not heard yet' }).count()).resolves.toBe(0);
  });
});
