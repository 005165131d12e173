import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { config } from '../../../config.server';
import { requireEnduser } from '../../../session.server';

/**
 * The call view's signalling (decisions: 'Built-in call signalling'), relayed so the browser never
 * holds the session token: GET streams the api's server-sent events for the meeting, POST forwards
 * one { to?, payload } message. The enduser's own session is used; closing the page closes the stream.
 */
const upstream = (meetingId: string) => `${config.apiUrl}/v1/meetings/${encodeURIComponent(meetingId)}/signal`;

const unauthenticated = () => new Response(JSON.stringify({ message: 'Unauthenticated' }), { status: 401, headers: { 'Content-Type': 'application/json' } });

const tokenOf = async (request: Request) => {
  try {
    return (await requireEnduser(request)).authToken;
  } catch (error) {
    if (error instanceof Response) return undefined;
    throw error;
  }
};

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const authToken = await tokenOf(request);
  if (!authToken) return unauthenticated();
  const response = await fetch(upstream(String(params.meetingId)), { headers: { Authorization: `Bearer ${authToken}`, Accept: 'text/event-stream' }, signal: request.signal });
  return new Response(response.body, {
    status: response.status,
    headers: { 'Content-Type': response.headers.get('Content-Type') ?? 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
  });
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const authToken = await tokenOf(request);
  if (!authToken) return unauthenticated();
  const response = await fetch(upstream(String(params.meetingId)), {
    method: 'POST',
    headers: { Authorization: `Bearer ${authToken}`, 'Content-Type': 'application/json' },
    body: await request.text(),
  });
  return new Response(await response.text(), { status: response.status, headers: { 'Content-Type': response.headers.get('Content-Type') ?? 'application/json' } });
};
