import type { LoaderFunctionArgs } from '@remix-run/node';
import { listChatRooms, unreadChatCount } from '../../../portal/chat.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/** GET /communications/unread: the navigation badge's count, asked for when the live channel says a conversation changed. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const unread = await unreadChatCount(listChatRooms(authToken), enduser.id);
  return Response.json({ unread }, { headers: { 'Cache-Control': 'private, no-store' } });
};
