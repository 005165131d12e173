import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

type Call = { id: string; inbound?: boolean; isVoicemail?: boolean; unread?: boolean; note?: string; to?: string; from?: string; userId?: string; timestamp?: string; callDurationInSeconds?: number };

/**
 * The patient's calls (phone_calls, docs/contract/entities.md#messaging): a voicemail nobody has heard waits on Today and on
 * the record until someone marks it heard, and a call made from the desk is logged on the record
 * and its timeline, by whom and to which number; one logged afterwards keeps when it happened, typed
 * on the staff member's clock, and how long it took.
 */
describe('portal: staff patient calls', () => {
  const harness = usePortalHarness({ timezoneId: 'America/Los_Angeles' });
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
    // Yesterday's call, logged today: refused in the future, then kept at its own time on this clock, with its length.
    const ago = new Date(Date.now() - 26 * 3_600_000);
    const day = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });
    await section.getByRole('radio', { name: 'The patient called' }).check();
    await section.getByLabel('What was said (optional)').fill('Asked about the refill again');
    await section.getByLabel('On (optional)').fill(day(new Date(Date.now() + 2 * 86_400_000)));
    await section.getByLabel('Minutes (optional)').fill('4.5');
    await section.getByRole('button', { name: 'Log call' }).click();
    await section.getByText('A call cannot be logged in the future').waitFor();
    expect((await calls()).some((call) => call.note === 'Asked about the refill again')).toBe(false);
    await section.getByLabel('On (optional)').fill(day(ago));
    await section.getByLabel('At (optional)').fill('15:15');
    await section.getByRole('button', { name: 'Log call' }).click();
    await section.getByText('Call from the patient logged').waitFor();
    const earlier = (await calls()).find((call) => call.note === 'Asked about the refill again');
    expect(earlier).toMatchObject({ inbound: true, from: '+15555550123', callDurationInSeconds: 270 });
    expect(new Date(earlier!.timestamp!).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' })).toBe('3:15 PM');
    expect(day(new Date(earlier!.timestamp!))).toBe(day(ago));
    // The form is empty again for the next call, though the refusal had filled it with what was typed.
    await expect(section.getByLabel('What was said (optional)').inputValue()).resolves.toBe('');
    await expect(section.getByLabel('On (optional)').inputValue()).resolves.toBe('');
    await expect(section.getByRole('radio', { name: 'I called the patient' }).isChecked()).resolves.toBe(true);
    const logged = section.getByRole('listitem').filter({ hasText: 'Asked about the refill again' });
    await logged.getByText(/, 3:15 PM/).waitFor();
    await logged.getByText(/4 min 30 s/).waitFor();
    // Newest first: today's call stays above yesterday's.
    const order = await section.getByRole('listitem').allInnerTexts();
    expect(order.findIndex((text) => text.includes('No answer, left a message'))).toBeLessThan(order.findIndex((text) => text.includes('Asked about the refill again')));

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
