import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startApi, type RunningApi } from '../support/api-server';
import { callWith, createEnduser, createStaff } from '../identity/support';
import { freshTenant } from '../analytics/support';
import { MINUTE, nextMonday } from './support';

const CHROMIUM = '/usr/bin/chromium';
// Fake camera and microphone, no permission prompt.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/**
 * What the portal's call view does with the built-in channel, reduced to its protocol: camera and
 * microphone into an RTCPeerConnection, signalling through the api's per-meeting stream (read with
 * fetch so the session token goes along) and POSTs. The second peer to arrive makes the offer.
 */
const joinCall = async ({ host, token, meetingId }: { host: string; token: string; meetingId: string }) => {
  const state = window as unknown as { remoteKinds: string[]; ended: boolean; signalStatus: number; log: string[] };
  state.remoteKinds = [];
  state.ended = false;
  state.log = [];
  const url = `${host}/v1/meetings/${meetingId}/signal`;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  const pc = new RTCPeerConnection({ iceServers: [] });
  for (const track of stream.getTracks()) pc.addTrack(track, stream);
  pc.ontrack = (event) => state.remoteKinds.push(event.track.kind);
  let peer: string | undefined;
  const send = (payload: unknown) => fetch(url, { method: 'POST', headers, body: JSON.stringify({ to: peer, payload }) });
  pc.onicecandidate = (event) => {
    if (event.candidate) void send({ candidate: event.candidate.toJSON() });
  };
  const pending: RTCIceCandidateInit[] = [];
  const offer = async () => {
    await pc.setLocalDescription(await pc.createOffer());
    await send({ sdp: pc.localDescription!.toJSON() });
  };
  const onMessage = async (message: { type: string; from?: string; peers?: string[]; payload?: { sdp?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit } }) => {
    state.log.push(message.type);
    if (message.type === 'welcome' && message.peers?.length) {
      peer = message.peers[0];
      await offer();
    } else if (message.type === 'joined') {
      peer = message.from;
    } else if (message.type === 'signal' && message.payload) {
      peer = message.from;
      const { sdp, candidate } = message.payload;
      if (sdp) {
        await pc.setRemoteDescription(sdp);
        for (const queued of pending.splice(0)) await pc.addIceCandidate(queued);
        if (sdp.type === 'offer') {
          await pc.setLocalDescription(await pc.createAnswer());
          await send({ sdp: pc.localDescription!.toJSON() });
        }
      } else if (candidate) {
        if (pc.remoteDescription) await pc.addIceCandidate(candidate);
        else pending.push(candidate);
      }
    } else if (message.type === 'ended') {
      state.ended = true;
      pc.close();
      for (const track of stream.getTracks()) track.stop();
    }
  };
  const response = await fetch(url, { headers });
  state.signalStatus = response.status;
  if (!response.ok || !response.body) return;
  // Read the event stream in the background; each `data:` line is one message, handled in order.
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let chain = Promise.resolve();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) {
          const message = JSON.parse(data.slice(6));
          chain = chain.then(() => onMessage(message)).catch((error) => void state.log.push(`error: ${String(error)}`));
        }
      }
    }
  })();
};

describe('built-in video call: two browsers on one machine, signalling through the api', () => {
  let api: RunningApi;
  let browser: Browser;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: the browser tests need Chromium (apt-get install chromium)`);
    api = await startApi();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  const openPage = async () => {
    const page = await (await browser.newContext()).newPage();
    // Any page of the api's origin: 127.0.0.1 is a secure context, so the camera is allowed.
    await page.goto(`${api.host}/v1/api/status-page-for-video-test`);
    return page;
  };
  const remoteKinds = (page: Page) => page.evaluate(() => (window as unknown as { remoteKinds: string[] }).remoteKinds);

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
    await staffPage.evaluate(joinCall, { host: api.host, token: staff.session.authToken, meetingId: started.id });
    await patientPage.evaluate(joinCall, { host: api.host, token: patient.session.authToken, meetingId: started.id });

    for (const page of [staffPage, patientPage]) {
      await page.waitForFunction(() => (window as unknown as { remoteKinds: string[] }).remoteKinds.length >= 2, undefined, { timeout: 30_000 });
      expect((await remoteKinds(page)).sort()).toEqual(['audio', 'video']);
    }

    await staff.session.api.meetings.end_meeting({ id: started.id });
    await patientPage.waitForFunction(() => (window as unknown as { ended: boolean }).ended, undefined, { timeout: 10_000 });
    expect(await staffPage.evaluate(() => (window as unknown as { ended: boolean }).ended)).toBe(true);
    // After the end the channel refuses.
    expect((await callWith(api.host, `Bearer ${patient.session.authToken}`, signal)).body).toMatchObject({ message: 'This meeting has ended' });
  });
});
