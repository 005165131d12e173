import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApi, type RunningApi } from '../support/api-server';
import { createStaff } from '../identity/support';
import { freshTenant } from '../analytics/support';
import { nextMonday, MINUTE } from './support';

/**
 * Zoom's REST API stands outside this project, so the suite runs a small HTTP server speaking its
 * protocol (OAuth token, create meeting, update meeting) and points ZOOM_OAUTH_URL / ZOOM_API_URL at it.
 */
const startZoomStandIn = async () => {
  const requests: { method: string; url: string; authorization?: string; body: any }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      res.setHeader('Content-Type', 'application/json');
      if (req.url!.startsWith('/oauth/token')) return void res.end(JSON.stringify({ access_token: 'zoom-token', expires_in: 3600 }));
      if (req.method === 'POST' && /^\/v2\/users\/[^/]+\/meetings$/.test(req.url!)) {
        return void res.end(JSON.stringify({ id: 81234567890, join_url: 'https://zoom.example/j/81234567890', start_url: 'https://zoom.example/s/81234567890' }));
      }
      if (req.method === 'PATCH' && req.url === '/v2/meetings/81234567890') {
        res.statusCode = 204;
        return void res.end();
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ message: 'Not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

describe('Zoom adapter: generate-zoom-meeting and change-zoom-host with credentials configured', () => {
  let api: RunningApi;
  let zoom: Awaited<ReturnType<typeof startZoomStandIn>>;
  const saved = new Map<string, string | undefined>();
  beforeAll(async () => {
    zoom = await startZoomStandIn();
    const env = { ZOOM_ACCOUNT_ID: 'acct', ZOOM_CLIENT_ID: 'client', ZOOM_CLIENT_SECRET: 'secret', ZOOM_OAUTH_URL: `${zoom.url}/oauth/token`, ZOOM_API_URL: `${zoom.url}/v2` };
    for (const [key, value] of Object.entries(env)) {
      saved.set(key, process.env[key]);
      process.env[key] = value;
    }
    api = await startApi();
  });
  afterAll(async () => {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await api.stop();
    await zoom.stop();
  });

  test('the event gets a Zoom meeting hosted by the user (join link as videoURL); the host can be changed', async () => {
    const { admin } = await freshTenant(api);
    const doctor = await createStaff(api, admin);
    const start = nextMonday() + 9 * 60 * MINUTE;
    const event = await admin.api.calendar_events.createOne({ title: 'Zoom visit', startTimeInMS: start, durationInMinutes: 40, timezone: 'America/Denver' } as never);

    const { updatedEvent } = (await admin.api.calendar_events.generate_zoom_meeting({ calendarEventId: event.id, userId: admin.userInfo.id } as never)) as unknown as { updatedEvent: any };
    expect(updatedEvent).toMatchObject({ id: event.id, videoIntegration: 'Zoom', videoURL: 'https://zoom.example/j/81234567890', fields: { zoomMeetingId: '81234567890' } });
    expect(await admin.api.calendar_events.getOne(event.id)).toMatchObject({ videoIntegration: 'Zoom', videoURL: 'https://zoom.example/j/81234567890' });
    const [token, create] = zoom.requests;
    expect(token).toMatchObject({ method: 'POST', url: '/oauth/token?grant_type=account_credentials&account_id=acct', authorization: `Basic ${Buffer.from('client:secret').toString('base64')}` });
    expect(create).toMatchObject({
      method: 'POST',
      url: `/v2/users/${encodeURIComponent(admin.userInfo.email)}/meetings`,
      authorization: 'Bearer zoom-token',
      body: { topic: 'Zoom visit', type: 2, start_time: new Date(start).toISOString().replace('.000Z', 'Z'), duration: 40, timezone: 'America/Denver' },
    });

    await admin.api.calendar_events.change_zoom_host({ calendarEventId: event.id, userId: doctor.user.id });
    expect(zoom.requests[zoom.requests.length - 1]).toMatchObject({ method: 'PATCH', url: '/v2/meetings/81234567890', body: { schedule_for: doctor.email } });

    const plain = await admin.api.calendar_events.createOne({ title: 'No zoom', startTimeInMS: start, durationInMinutes: 10 } as never);
    await expect(admin.api.calendar_events.change_zoom_host({ calendarEventId: plain.id, userId: doctor.user.id })).rejects.toMatchObject({ message: 'This event has no Zoom meeting' });
  });
});
