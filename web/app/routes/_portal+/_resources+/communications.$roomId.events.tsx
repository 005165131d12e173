import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamSession } from '../../../live/stream-session.server';
import { roomEventStream } from '../../../portal/chat-events.server';
import { findRoom } from '../../../portal/chat.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/** The open room's live channel (server-sent events), for the enduser's own rooms only. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const session = await streamSession(() => signedInEnduser(request));
  if (session instanceof Response) return session;
  const { authToken } = session;
  const room = await findRoom(authToken, params.roomId ?? '');
  if (!room) return new Response('Not found', { status: 404 });
  return roomEventStream(authToken, room.id, request.signal);
};
