import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

const HOUR = 3_600_000;

/** Issue 18: calendar events on an enduser's timeline in the console, past and upcoming, with their status, live. */
describe('portal: staff console enduser appointments', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('lists past, upcoming, cancelled and rescheduled appointments, and a change shows without reload', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const enduser = await admin.api.endusers.createOne({ fname: 'Ari', lname: `Cal${suffix}` } as never);
    const other = await admin.api.endusers.createOne({ fname: 'Someone', lname: 'Else' } as never);
    const event = (title: string, startTimeInMS: number, enduserId = enduser.id) =>
      admin.api.calendar_events.createOne({ title, startTimeInMS, durationInMinutes: 30, attendees: [{ type: 'enduser', id: enduserId }] } as never);
    const now = Date.now();
    await event('Intake visit', now - 48 * HOUR);
    const checkup = await event('Checkup', now + 72 * HOUR);
    const moved = await event('Moved visit', now + 24 * HOUR);
    await admin.api.calendar_events.updateOne(moved.id, { rescheduledAt: new Date() } as never);
    await event('Not theirs', now + 24 * HOUR, other.id);

    await openAsAdmin(harness, `/staff/patients/${enduser.id}`);
    await page.locator('[data-live="on"]').waitFor();
    await page.evaluate(() => Object.assign(globalThis, { notReloaded: true }));
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const row = (text: string) => timeline.getByRole('listitem').filter({ hasText: text });
    await row('Checkup').waitFor();
    const texts = (await timeline.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    // On the staff member's clock: the browser's (UTC here), named; the patient has no zone of their own.
    const when = '[A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d\\d [AP]M UTC';
    expect(texts).toEqual([
      expect.stringMatching(new RegExp(`^${when} Appointment Checkup \\(30 min\\) upcoming$`)),
      expect.stringMatching(new RegExp(`^${when} Appointment Moved visit \\(30 min\\) rescheduled$`)),
      expect.stringMatching(new RegExp(`^${when} Appointment Intake visit \\(30 min\\) past$`)),
    ]);
    await checkScreen(page, 'staff-enduser-appointments', DESKTOP);
    await checkScreen(page, 'staff-enduser-appointments', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Cancelled elsewhere, and a new one booked: both show without reload.
    await admin.api.calendar_events.updateOne(checkup.id, { cancelledAt: new Date(), cancelReason: 'Feeling better' } as never);
    await row('Checkup (30 min): Feeling better').getByText('cancelled').waitFor({ timeout: 30_000 });
    await event('Follow-up', now + 96 * HOUR);
    await row('Follow-up').getByText('upcoming').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await row('Not theirs').count()).toBe(0);
  }, 180_000);
});
