import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamSession } from '../../../live/stream-session.server';
import { inboxEventStream } from '../../../staff/inbox/inbox-events.server';
import { requireStaff } from '../../../staff/session.server';

/** GET /staff/inbox/events: the inbox's live channel (server-sent events), also the navigation badge's. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const session = await streamSession(() => requireStaff(request));
  if (session instanceof Response) return session;
  return inboxEventStream(session.authToken, request.signal);
};
