import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff } from '../../../staff/session.server';
import { inboxUnreadCount } from '../../../staff/inbox/unread.server';

/** GET /staff/inbox/unread → { count }: the live badge's count (InboxBadge). */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return { count: await inboxUnreadCount(authToken, user) };
};
