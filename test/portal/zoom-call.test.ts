import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Request as PlaywrightRequest } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';
import { checkScreen, MOBILE } from '../support/staff-console';
import { callWith } from '../identity/support';

const SDK_KEY = 'carelane-sdk-key';
const SDK_SECRET = `sdk-secret-${randomBytes(8).toString('hex')}`;
const MEETING_NUMBER = '85746065432';

/**
 * #17: a Zoom event's video call runs in the page through Zoom's Meeting SDK, served by the portal.
 * Zoom's servers cannot be reached from here, so the test follows the page up to the SDK's join
 * attempt (the join call with the api's signature, and its first request to Zoom), not into a meeting.
 */
describe('portal: video call page with Zoom (Meeting SDK)', () => {
  // The api reads the SDK credentials from its process environment (as it does Zoom's other settings).
  const saved = { key: process.env.ZOOM_MEETING_SDK_KEY, secret: process.env.ZOOM_MEETING_SDK_SECRET };
  beforeAll(() => {
    process.env.ZOOM_MEETING_SDK_KEY = SDK_KEY;
    process.env.ZOOM_MEETING_SDK_SECRET = SDK_SECRET;
  });
  afterAll(() => {
    for (const [name, value] of [['ZOOM_MEETING_SDK_KEY', saved.key], ['ZOOM_MEETING_SDK_SECRET', saved.secret]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  // Zoom's SDK logs its failed connections to Zoom's hosts, which this machine cannot reach.
  const harness = usePortalHarness({ fakeMedia: true, expectedConsoleError: (text) => /zoom|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_ADDRESS_UNREACHABLE|WebSocket/i.test(text) });
  let admin: Session;
  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('the event page joins the Zoom meeting in the page: SDK files from the portal, a valid signature, nothing secret in the browser', async () => {
    const { page, portal } = harness;
    const enduser = await admin.api.endusers.createOne({ fname: 'Zoe', lname: 'Patient', email: `zoe-${randomBytes(4).toString('hex')}@example.com` });
    const event = await admin.api.calendar_events.createOne({
      title: 'Zoom visit',
      startTimeInMS: Date.now() + 600_000,
      durationInMinutes: 30,
      videoIntegration: 'Zoom',
      videoURL: `https://zoom.us/j/${MEETING_NUMBER}?pwd=encoded`,
      fields: { zoomMeetingId: MEETING_NUMBER, zoomPassword: 'visit42' },
      attendees: [
        { type: 'user', id: admin.userInfo.id },
        { type: 'enduser', id: enduser.id },
      ],
    } as never);

    const requests: PlaywrightRequest[] = [];
    page.on('request', (request) => requests.push(request));
    await signInAs(harness, admin, enduser.id, `/events/${event.id}`);
    await page.getByRole('link', { name: 'Join Video Call' }).click();
    await page.waitForURL(`${portal.url}/video-call?calendarEventId=${event.id}&client=zoom`);

    // The SDK initialised and called join with the api's signature: up to here everything runs on this
    // machine (what follows needs Zoom's servers).
    await page.locator('[data-zoom-join-attempted="true"]').waitFor({ timeout: 60_000 });
    await screenshot(page, 'zoom-call');

    const urls = requests.map((request) => new URL(request.url()));
    const sdkFiles = urls.filter((url) => url.pathname.startsWith('/zoom-sdk/'));
    expect(sdkFiles.map((url) => url.pathname)).toEqual(expect.arrayContaining(['/zoom-sdk/lib/vendor/react.min.js', '/zoom-sdk/zoom-meeting.min.js']));
    expect(sdkFiles.some((url) => url.pathname.startsWith('/zoom-sdk/lib/av/'))).toBe(true);
    expect(sdkFiles.every((url) => url.origin === portal.url)).toBe(true);
    // No script from a CDN: every script the page loaded is the portal's.
    const scripts = requests.filter((request) => request.resourceType() === 'script').map((request) => new URL(request.url()));
    expect(scripts.filter((url) => url.origin !== portal.url)).toEqual([]);

    // The signature the page joins with is Zoom's documented JWT for this meeting, signed with the SDK secret.
    const answer = await callWith(harness.api.host, `Bearer ${await enduserToken(enduser.id)}`, '/v1/zoom-meeting-sdk-signature', { method: 'POST', body: JSON.stringify({ calendarEventId: event.id }) });
    expect(answer.status).toBe(200);
    const body = answer.body as { signature: string; sdkKey: string; meetingNumber: string; password: string; userName: string };
    expect(body).toMatchObject({ sdkKey: SDK_KEY, meetingNumber: MEETING_NUMBER, password: 'visit42', userName: 'Zoe Patient' });
    const claims = jwt.verify(body.signature, SDK_SECRET, { algorithms: ['HS256'] }) as Record<string, unknown>;
    expect(claims).toMatchObject({ sdkKey: SDK_KEY, appKey: SDK_KEY, mn: MEETING_NUMBER, role: 0 });
    expect(Number(claims.exp) - Number(claims.iat)).toBeGreaterThanOrEqual(1800);

    // The secret never reaches the browser: not in the page, not in any answer it received.
    expect(await page.content()).not.toContain(SDK_SECRET);
    for (const request of requests.filter((r) => new URL(r.url()).origin === portal.url && r.resourceType() !== 'script')) {
      const response = await request.response().catch(() => null);
      const text = response ? await response.text().catch(() => '') : '';
      expect(text).not.toContain(SDK_SECRET);
    }
  });

  it('an event that is not on Zoom is refused; without SDK credentials the page offers the Zoom link', async () => {
    const { page, portal } = harness;
    const enduser = await admin.api.endusers.createOne({ fname: 'Nia', lname: 'Patient', email: `nia-${randomBytes(4).toString('hex')}@example.com` });
    const plain = await admin.api.calendar_events.createOne({ title: 'Plain visit', startTimeInMS: Date.now() + 600_000, durationInMinutes: 30, enableVideoCall: true, attendees: [{ type: 'enduser', id: enduser.id }] } as never);
    const refused = await callWith(harness.api.host, `Bearer ${await enduserToken(enduser.id)}`, '/v1/zoom-meeting-sdk-signature', { method: 'POST', body: JSON.stringify({ calendarEventId: plain.id }) });
    expect(refused).toMatchObject({ status: 400, body: { message: 'This event has no Zoom meeting' } });

    const zoom = await admin.api.calendar_events.createOne({
      title: 'Zoom visit',
      startTimeInMS: Date.now() + 600_000,
      durationInMinutes: 30,
      videoIntegration: 'Zoom',
      videoURL: `https://zoom.us/j/${MEETING_NUMBER}`,
      fields: { zoomMeetingId: MEETING_NUMBER },
      attendees: [{ type: 'enduser', id: enduser.id }],
    } as never);
    delete process.env.ZOOM_MEETING_SDK_KEY;
    delete process.env.ZOOM_MEETING_SDK_SECRET;
    try {
      await signInAs(harness, admin, enduser.id, `/video-call?calendarEventId=${zoom.id}&client=zoom`);
      // The patient reads what to do, not the api's reason (it names the server's settings).
      await page.getByRole('alert').filter({ hasText: 'This visit cannot be joined on this page. Open it in Zoom instead.' }).waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(/ZOOM_MEETING_SDK|Meeting SDK/);
      await checkScreen(page, 'zoom-unavailable', MOBILE);
      expect(await page.getByRole('link', { name: 'Open in Zoom' }).getAttribute('href')).toBe(`https://zoom.us/j/${MEETING_NUMBER}`);
      // And a way back, though the page is shown without the portal's frame.
      await page.getByRole('link', { name: 'Back to the event' }).click();
      await page.waitForURL(`**/events/${zoom.id}`);
      await page.getByRole('heading', { name: 'Zoom visit' }).waitFor();
    } finally {
      process.env.ZOOM_MEETING_SDK_KEY = SDK_KEY;
      process.env.ZOOM_MEETING_SDK_SECRET = SDK_SECRET;
    }
    expect(portal.url).toBeTruthy();
  });

  /** An enduser's api token, as the portal holds it after sign-in. */
  const enduserToken = async (enduserId: string) => {
    const { authToken } = (await admin.api.endusers.generate_auth_token({ id: enduserId } as never)) as { authToken: string };
    return authToken;
  };
});
