import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamSession } from '../../../live/stream-session.server';
import { enduserEventStream } from '../../../staff/enduser-events.server';
import { requireStaff } from '../../../staff/session.server';

/** GET /staff/patients/<id>/events: the enduser page's live channel (server-sent events). */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const session = await streamSession(() => requireStaff(request));
  if (session instanceof Response) return session;
  const { authToken } = session;
  return enduserEventStream(authToken, params.id ?? '', request.signal);
};
