import type { LoaderFunctionArgs } from '@remix-run/node';
import { enduserEventStream } from '../staff/enduser-events.server';
import { requireStaff } from '../staff/session.server';

/** GET /staff/endusers/<id>/events: the enduser page's live channel (server-sent events). */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  return enduserEventStream(authToken, params.id ?? '', request.signal);
};
