import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startApi, type RunningApi } from '../support/api-server';
import { launchChromium } from '../support/chromium';
import { callWith, createEnduser, createStaff } from '../identity/support';
import { freshTenant } from '../analytics/support';
import { MINUTE, nextMonday } from './support';

// Fake camera and microphone, no permission prompt.
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

describe('built-in video call: two browsers on one machine, signalling through the api', () => {
  let api: RunningApi;
  let browser: Browser;
  beforeAll(async () => {
    api = await startApi();
    browser = await launchChromium(FAKE_MEDIA);
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  const openPage = async () => {
    // bypassCSP: the api's answers forbid scripts; this page only stands in for the staff app's origin.
    const page = await (await browser.newContext({ bypassCSP: true })).newPage();
    // Any page of the api's origin: 127.0.0.1 is a secure context, so the camera is allowed.
    await page.goto(`${api.host}/v1/api/status-page-for-video-test`);
    await page.addScriptTag({ path: join(__dirname, 'video-call-page.js') });
    return page;
  };
  const remoteKinds = (page: Page) => page.evaluate<string[]>('window.remoteKinds');
  const joinAs = (page: Page, args: { host: string; token: string; meetingId: string }) => page.evaluate(`window.joinCall(${JSON.stringify(args)})`);

  test('staff and patient join the event’s meeting, each receives the other’s audio and video; the host ends it and the patient learns it', async () => {
    const { tenant, admin } = await freshTenant(api);
    const staff = await createStaff(api, admin);
    const patient = await createEnduser(api.host, admin, tenant);
    const stranger = await createEnduser(api.host, admin, tenant);
    const event = await admin.api.calendar_events.createOne({
      title: 'Video visit',
      startTimeInMS: nextMonday() + 9 * 60 * MINUTE,
      durationInMinutes: 30,
      enableVideoCall: true,
      attendees: [{ type: 'user', id: staff.user.id }, { type: 'enduser', id: patient.enduser.id }],
    } as never);
    const started = (await staff.session.api.meetings.start_meeting_for_event({ calendarEventId: event.id })) as unknown as { id: string };
    await patient.session.api.meetings.join_meeting_for_event({ calendarEventId: event.id });

    // The channel is for attendees only, with a session.
    const signal = `/v1/meetings/${started.id}/signal`;
    expect((await callWith(api.host, '', signal)).status).toBe(401);
    expect((await callWith(api.host, `Bearer ${stranger.session.authToken}`, signal)).status).toBe(404);
    expect((await callWith(api.host, `Bearer ${admin.authToken}`, signal, { method: 'POST', body: JSON.stringify({ payload: { sdp: 'x' } }) })).status).toBe(403);

    const staffPage = await openPage();
    const patientPage = await openPage();
    await joinAs(staffPage, { host: api.host, token: staff.session.authToken, meetingId: started.id });
    await joinAs(patientPage, { host: api.host, token: patient.session.authToken, meetingId: started.id });

    for (const page of [staffPage, patientPage]) {
      await page.waitForFunction('window.remoteKinds.length >= 2', undefined, { timeout: 30_000 });
      expect((await remoteKinds(page)).sort()).toEqual(['audio', 'video']);
    }

    await staff.session.api.meetings.end_meeting({ id: started.id });
    await patientPage.waitForFunction('window.ended === true', undefined, { timeout: 10_000 });
    expect(await staffPage.evaluate<boolean>('window.ended')).toBe(true);
    // After the end the channel refuses.
    expect((await callWith(api.host, `Bearer ${patient.session.authToken}`, signal)).body).toMatchObject({ message: 'This meeting has ended' });
  });
});
