import { ApiError } from '../../errors';

/** The settings the Zoom adapter needs (a Server-to-Server OAuth app): all three, or Zoom is off. */
export const ZOOM_SETTINGS = ['ZOOM_ACCOUNT_ID', 'ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET'] as const;

export const missingZoomSettings = (env: NodeJS.ProcessEnv = process.env) => ZOOM_SETTINGS.filter((name) => !env[name]);

/** 400 naming what is missing when Zoom is not configured. */
export const assertZoomConfigured = (env: NodeJS.ProcessEnv = process.env) => {
  const missing = missingZoomSettings(env);
  if (missing.length) throw new ApiError(400, `Zoom is not configured: set ${missing.join(', ')}`);
};

export interface ZoomMeeting {
  id: string;
  joinURL: string;
  startURL?: string;
  /** The meeting passcode, which the Meeting SDK's join needs (the join URL carries it only encoded). */
  password?: string;
}

const tokens = new Map<string, { token: string; expiresAt: number }>();

/**
 * Zoom's REST API with a Server-to-Server OAuth app (ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID,
 * ZOOM_CLIENT_SECRET). ZOOM_API_URL and ZOOM_OAUTH_URL override Zoom's hosts (a regional or test
 * endpoint). The access token is kept until shortly before it expires.
 */
export class ZoomClient {
  private readonly apiUrl: string;
  private readonly oauthUrl: string;

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {
    assertZoomConfigured(env);
    this.apiUrl = (env.ZOOM_API_URL ?? 'https://api.zoom.us/v2').replace(/\/$/, '');
    this.oauthUrl = env.ZOOM_OAUTH_URL ?? 'https://zoom.us/oauth/token';
  }

  private async token() {
    const key = `${this.oauthUrl}|${this.env.ZOOM_ACCOUNT_ID}|${this.env.ZOOM_CLIENT_ID}`;
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const basic = Buffer.from(`${this.env.ZOOM_CLIENT_ID}:${this.env.ZOOM_CLIENT_SECRET}`).toString('base64');
    const url = `${this.oauthUrl}?grant_type=account_credentials&account_id=${encodeURIComponent(String(this.env.ZOOM_ACCOUNT_ID))}`;
    const response = await fetch(url, { method: 'POST', headers: { Authorization: `Basic ${basic}` }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new ApiError(502, `Zoom refused the credentials (${response.status})`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new ApiError(502, 'Zoom answered no access token');
    tokens.set(key, { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 });
    return body.access_token;
  }

  private async call(method: 'POST' | 'PATCH', path: string, body: Record<string, unknown>) {
    const response = await fetch(`${this.apiUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${await this.token()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 200);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // not JSON
      }
      throw new ApiError(502, `Zoom answered ${response.status}: ${message}`);
    }
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  /** A scheduled meeting hosted by the Zoom user with this email. */
  async createMeeting(hostEmail: string, options: { topic: string; startTimeInMS: number; durationInMinutes: number; timezone?: string }): Promise<ZoomMeeting> {
    const created = await this.call('POST', `/users/${encodeURIComponent(hostEmail)}/meetings`, {
      topic: options.topic.slice(0, 200),
      type: 2,
      start_time: new Date(options.startTimeInMS).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      duration: Math.max(1, Math.round(options.durationInMinutes)),
      ...(options.timezone ? { timezone: options.timezone } : {}),
    });
    if (created.id === undefined || typeof created.join_url !== 'string') throw new ApiError(502, 'Zoom answered no meeting');
    return {
      id: String(created.id),
      joinURL: created.join_url,
      startURL: typeof created.start_url === 'string' ? created.start_url : undefined,
      password: typeof created.password === 'string' ? created.password : undefined,
    };
  }

  /** Hands the meeting to another Zoom user (by email). */
  async changeHost(meetingId: string, hostEmail: string) {
    await this.call('PATCH', `/meetings/${encodeURIComponent(meetingId)}`, { schedule_for: hostEmail });
  }
}
