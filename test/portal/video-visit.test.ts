import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';
import { seriousAccessibilityViolations } from '../support/axe';
import { checkScreen, DESKTOP, MOBILE, signInStaff } from '../support/staff-console';

/**
 * Issue 34, video visits: the host's page (/staff/visits/:eventId) starts the visit, the patient's
 * waiting room (the appointment's time, a camera and microphone check, a way home) lets them in once
 * it started, both see each other, and the host's End Meeting for All ends it for both. After ten
 * minutes without the patient the host may mark them a no-show. Two browser contexts of one
 * Chromium with a fake camera and microphone.
 */
describe('portal: video visit, host and patient', () => {
  const harness = usePortalHarness({ fakeMedia: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    await admin.api.users.updateOne(admin.userInfo.id, { timezone: 'America/Chicago' } as never);
  });

  const visitFor = async (startTimeInMS: number) => {
    const enduser = await admin.api.endusers.createOne({ fname: 'Vivian', lname: 'Visit', email: `visit-${randomBytes(4).toString('hex')}@example.com`, timezone: 'America/New_York' } as never);
    const event = await admin.api.calendar_events.createOne({
      title: 'Follow-up video visit',
      startTimeInMS,
      durationInMinutes: 30,
      enableVideoCall: true,
      attendees: [
        { type: 'user', id: admin.userInfo.id },
        { type: 'enduser', id: enduser.id },
      ],
    } as never);
    return { enduser, event };
  };

  /** A second browser context for the staff member, signed in on the host page. */
  const openHostPage = async (eventId: string) => {
    const context = await harness.page.context().browser()!.newContext();
    const staff = await context.newPage();
    const errors: string[] = [];
    staff.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const path = `/staff/visits/${eventId}`;
    await staff.goto(`${harness.portal.url}${path}`);
    await signInStaff(staff, harness.tenant.adminEmail, harness.tenant.adminPassword);
    await staff.waitForURL(`${harness.portal.url}${path}`);
    await staff.getByRole('heading', { name: 'Video visit', level: 1 }).waitFor();
    return { staff, context, errors };
  };

  const enabled = (page: Page, name: string) =>
    page.waitForFunction(
      (label) => {
        const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ textContent: string; disabled: boolean }> } }).document;
        const button = Array.from(doc.querySelectorAll('button')).find((b) => b.textContent.includes(label));
        return !!button && !button.disabled;
      },
      name,
      { timeout: 15_000 },
    );

  it('Start visit lets the patient in from the waiting room; both see each other; End Meeting for All ends it on both sides', async () => {
    const { page } = harness;
    const start = Date.now() + 60 * 60_000;
    const { enduser, event } = await visitFor(start);

    // The patient's waiting room: the title, its time on the patient's clock with the zone's short
    // name, the camera and microphone check, and a way back home.
    await page.setViewportSize(DESKTOP);
    await signInAs(harness, admin, enduser.id, `/video-call?calendarEventId=${event.id}`);
    await page.getByRole('heading', { name: 'Follow-up video visit' }).waitFor();
    await page.getByRole('heading', { name: 'Waiting Room' }).waitFor();
    const patientTime = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(start);
    await page.getByText(patientTime, { exact: true }).waitFor();
    expect(patientTime).toMatch(/E[SD]T$/);
    await page.getByText('Waiting for the host to start the meeting', { exact: true }).waitFor();
    await page.getByText('Your camera and microphone are working.', { exact: true }).waitFor();
    await page.getByLabel('Camera preview').waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await page.getByRole('button', { name: 'Join Meeting', disabled: true }).waitFor();
    await screenshot(page, 'visit-waiting-room');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'visit-waiting-room');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    await page.setViewportSize(DESKTOP);

    // The host's page: the appointment on the staff member's clock (Chicago), then Start visit.
    const { staff, context, errors } = await openHostPage(event.id);
    const staffTime = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(start);
    await staff.getByText(`${staffTime}, 30 minutes`).waitFor();
    await staff.getByRole('link', { name: 'Vivian Visit' }).waitFor();
    await staff.getByText('Follow-up video visit').first().waitFor();
    // An hour before the start nobody is a no-show yet.
    expect(await staff.getByRole('button', { name: 'Mark patient as no-show' }).count()).toBe(0);
    await checkScreen(staff, 'visit-host', DESKTOP);
    await checkScreen(staff, 'visit-host', MOBILE);
    await staff.setViewportSize(DESKTOP);
    await staff.getByRole('button', { name: 'Start visit' }).click();
    await staff.getByLabel('Your camera').waitFor();
    await staff.getByText('Waiting for the patient to join from their waiting room.').waitFor();

    // The waiting room notices within its 2.5 s poll; the patient joins and both see each other.
    await enabled(page, 'Join Meeting');
    await page.getByText('Your visit has started: join when you are ready.').waitFor();
    await page.getByRole('button', { name: 'Join Meeting' }).click();
    await page.locator('video[data-remote-tracks="audio,video"]').waitFor({ timeout: 30_000 });
    await staff.locator('video[data-remote-tracks="audio,video"]').waitFor({ timeout: 30_000 });
    expect(await staff.getByText('Waiting for the patient to join from their waiting room.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'End Meeting for All' }).count()).toBe(0);
    await screenshot(page, 'visit-call-patient');
    await staff.setViewportSize(MOBILE);
    await screenshot(staff, 'visit-call-host');
    await staff.setViewportSize(DESKTOP);
    await screenshot(staff, 'visit-call-host');

    // End Meeting for All: the patient's call ends, and the host's page says the visit ended.
    await staff.getByRole('button', { name: 'End Meeting for All' }).click();
    await page.getByText('This meeting has been ended by the host', { exact: true }).waitFor({ timeout: 10_000 });
    await staff.getByText('This visit has ended.').waitFor({ timeout: 10_000 });
    expect(await staff.getByLabel('Your camera').count()).toBe(0);
    const meeting = (await admin.api.calendar_events.getOne(event.id)) as unknown as { meetingStatus: string };
    expect(meeting.meetingStatus).toBe('ended');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ten minutes after the start without the patient, the host marks them a no-show', async () => {
    const { event } = await visitFor(Date.now() - 11 * 60_000);
    const { staff, context, errors } = await openHostPage(event.id);
    await staff.getByRole('button', { name: 'Start visit' }).click();
    await staff.getByText('Waiting for the patient to join from their waiting room.').waitFor();
    await staff.getByRole('button', { name: 'Mark patient as no-show' }).click();
    await staff.getByText('The patient was marked as a no-show.').waitFor();
    const stored = (await admin.api.calendar_events.getOne(event.id)) as unknown as { noShowedAt?: string; meetingStatus?: string };
    expect(stored.noShowedAt).toBeTruthy();
    expect(stored.meetingStatus).toBe('ended');
    expect(await staff.getByRole('button', { name: 'Start visit' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an appointment the host cannot see is the staff app’s own not-found page', async () => {
    const { staff, context } = await (async () => {
      const ctx = await harness.page.context().browser()!.newContext();
      const p = await ctx.newPage();
      await p.goto(`${harness.portal.url}/staff/visits/${randomBytes(12).toString('hex')}`);
      await signInStaff(p, harness.tenant.adminEmail, harness.tenant.adminPassword);
      return { staff: p, context: ctx };
    })();
    await staff.getByRole('heading', { name: 'This appointment does not exist or you cannot see it' }).waitFor();
    await context.close();
  });
});
