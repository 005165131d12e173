import { config } from '../config.server';

/**
 * The call view's signalling (decisions: 'Built-in call signalling'), relayed so the browser never
 * holds the session token: GET streams the api's server-sent events for the meeting, POST forwards
 * one { to?, payload } message, each with the token of the page's own session (the portal's
 * enduser, or the staff app's member). Closing the page closes the stream.
 */
const upstream = (meetingId: string) => `${config.apiUrl}/v1/meetings/${encodeURIComponent(meetingId)}/signal`;

export const unauthenticated = () => new Response(JSON.stringify({ message: 'Unauthenticated' }), { status: 401, headers: { 'Content-Type': 'application/json' } });

/** The session's token, or undefined when the page has none (a signed-out page gets 401, not a redirect). */
export const tokenOrUndefined = async (require: () => Promise<{ authToken: string }>) => {
  try {
    return (await require()).authToken;
  } catch (error) {
    if (error instanceof Response) return undefined;
    throw error;
  }
};

export const streamSignals = async (request: Request, meetingId: string, authToken: string) => {
  const response = await fetch(upstream(meetingId), { headers: { Authorization: `Bearer ${authToken}`, Accept: 'text/event-stream' }, signal: request.signal });
  return new Response(response.body, {
    status: response.status,
    headers: { 'Content-Type': response.headers.get('Content-Type') ?? 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
  });
};

export const forwardSignal = async (request: Request, meetingId: string, authToken: string) => {
  const response = await fetch(upstream(meetingId), {
    method: 'POST',
    headers: { Authorization: `Bearer ${authToken}`, 'Content-Type': 'application/json' },
    body: await request.text(),
  });
  return new Response(await response.text(), { status: response.status, headers: { 'Content-Type': response.headers.get('Content-Type') ?? 'application/json' } });
};
