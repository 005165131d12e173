import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamSession } from '../../../live/stream-session.server';
import { roomsEventStream } from '../../../portal/chat-events.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/** The live channel of the enduser's conversations (server-sent events): the shell's badge and the list. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const session = await streamSession(() => signedInEnduser(request));
  if (session instanceof Response) return session;
  const { authToken } = session;
  return roomsEventStream(authToken, request.signal);
};
