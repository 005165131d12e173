import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';
import { seriousAccessibilityViolations } from '../support/axe';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** docs/contract/portal.md#video-meetings (the call and its waiting room), on the built-in WebRTC channel. */
describe('portal: video call page', () => {
  const harness = usePortalHarness({ fakeMedia: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const patientWithVisit = async () => {
    const enduser = await admin.api.endusers.createOne({ fname: 'Vid', lname: 'Patient', email: `vid-${randomBytes(4).toString('hex')}@example.com` });
    const event = await admin.api.calendar_events.createOne({
      title: 'Video visit',
      startTimeInMS: Date.now() + 3_600_000,
      durationInMinutes: 30,
      enableVideoCall: true,
      attendees: [
        { type: 'user', id: admin.userInfo.id },
        { type: 'enduser', id: enduser.id },
      ],
    } as never);
    return { enduser, event };
  };

  it('no parameter goes home; an unknown event no longer exists', async () => {
    const { page, portal } = harness;
    const { enduser } = await patientWithVisit();
    await signInAs(harness, admin, enduser.id, '/home');
    await page.goto(`${portal.url}/video-call`);
    await page.waitForURL(`${portal.url}/home`);
    await page.goto(`${portal.url}/video-call?calendarEventId=${randomBytes(12).toString('hex')}`);
    await page.getByText('This event no longer exists', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${portal.url}/home`);
    // An event held on an outside video service goes to its event page (its join link is there).
    const zoom = await admin.api.calendar_events.createOne({
      title: 'Zoom visit',
      startTimeInMS: Date.now() + 3_600_000,
      durationInMinutes: 30,
      videoIntegration: 'Zoom',
      videoURL: 'https://zoom.example.com/j/123',
      attendees: [{ type: 'enduser', id: enduser.id }],
    } as never);
    await page.goto(`${portal.url}/video-call?calendarEventId=${zoom.id}`);
    await page.waitForURL(`${portal.url}/events/${zoom.id}`);
  });

  it('waiting room until the host starts; patient and staff see each other; the host ending it ends it for both', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const { enduser, event } = await patientWithVisit();
    await signInAs(harness, admin, enduser.id, `/video-call?calendarEventId=${event.id}`);
    await page.getByRole('heading', { name: 'Video visit' }).waitFor();
    await page.getByRole('heading', { name: 'Waiting Room' }).waitFor();
    await page.getByText('Waiting for the host to start the meeting', { exact: true }).waitFor();
    const joinButton = page.getByRole('button', { name: 'Join Meeting' });
    // Joy renders a button's disabled attribute only once hydrated, so wait for it rather than read it.
    await page.getByRole('button', { name: 'Join Meeting', disabled: true }).waitFor();
    // Rendered without the shell.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await screenshot(page, 'video-waiting-room');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'video-waiting-room');
    await page.setViewportSize(DESKTOP);

    // The host starts; the waiting room notices within its 2.5 s poll.
    const started = (await admin.api.meetings.start_meeting_for_event({ calendarEventId: event.id })) as unknown as { id: string };
    // A function, not a string: the portal's CSP has no 'unsafe-eval' for Playwright to evaluate a string with.
    await page.waitForFunction(
      () => {
        const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ textContent: string; disabled: boolean }> } }).document;
        return !(Array.from(doc.querySelectorAll('button')).find((b) => b.textContent.includes('Join Meeting')) ?? { disabled: false }).disabled;
      },
      undefined,
      { timeout: 10_000 },
    );
    await joinButton.click();
    const preview = page.getByLabel('Your camera');
    await preview.waitFor();
    expect((await preview.boundingBox())?.width).toBe(400);

    // Staff joins from another browser, straight on the api's channel (as the staff app would).
    // bypassCSP: the api's answers forbid scripts; this page only stands in for the staff app's origin.
    const staffContext = await page.context().browser()!.newContext({ bypassCSP: true });
    const staffPage = await staffContext.newPage();
    await staffPage.goto(`${harness.api.host}/v1/api/status-page-for-video-test`);
    await staffPage.addScriptTag({ path: join(__dirname, '../calendar/video-call-page.js') });
    await staffPage.evaluate(`window.joinCall(${JSON.stringify({ host: harness.api.host, token: admin.authToken, meetingId: started.id })})`);

    await page.locator('video[data-remote-tracks="audio,video"]').waitFor({ timeout: 30_000 });
    await staffPage.waitForFunction('window.remoteKinds.length >= 2', undefined, { timeout: 30_000 });
    expect(((await staffPage.evaluate('window.remoteKinds')) as string[]).sort()).toEqual(['audio', 'video']);

    // Camera and microphone toggles.
    await page.getByRole('button', { name: 'Turn Camera Off' }).click();
    await page.getByRole('button', { name: 'Turn Camera On' }).waitFor();
    await page.getByRole('button', { name: 'Mute Microphone' }).click();
    await page.getByRole('button', { name: 'Unmute Microphone' }).waitFor();
    // The patient is not the host: only Leave Meeting.
    await page.getByRole('button', { name: 'Leave Meeting' }).waitFor();
    expect(await page.getByRole('button', { name: 'End Meeting for All' }).count()).toBe(0);
    await screenshot(page, 'video-call');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'video-call');
    await page.setViewportSize(DESKTOP);

    // The host ends the meeting for all: both sides learn it.
    await admin.api.meetings.end_meeting({ id: started.id });
    await page.getByText('This meeting has been ended by the host', { exact: true }).waitFor({ timeout: 10_000 });
    await staffPage.waitForFunction('window.ended === true', undefined, { timeout: 10_000 });
    expect(await joinButton.isDisabled()).toBe(true);
    await staffContext.close();
  });

  it('opened by meetingId; Leave Meeting goes home', async () => {
    const { page, portal } = harness;
    const { enduser, event } = await patientWithVisit();
    const started = (await admin.api.meetings.start_meeting_for_event({ calendarEventId: event.id })) as unknown as { id: string };
    await signInAs(harness, admin, enduser.id, `/video-call?meetingId=${started.id}`);
    await page.getByRole('heading', { name: 'Video visit' }).waitFor();
    await page.getByRole('button', { name: 'Join Meeting' }).click();
    await page.getByLabel('Your camera').waitFor();
    await page.getByRole('button', { name: 'Leave Meeting' }).click();
    await page.waitForURL(`${portal.url}/home`);
  });
});
