import type { LoaderFunctionArgs } from '@remix-run/node';
import { readAsStaff } from '../../../staff/session.server';
import { inboxUnreadCount } from '../../../staff/inbox/unread.server';

/** GET /staff/inbox/unread → { count } as JSON: the live badge's count (InboxBadge reads it with a plain fetch). */
export const loader = async ({ request }: LoaderFunctionArgs) =>
  readAsStaff(request, async ({ authToken, user }) => Response.json({ count: await inboxUnreadCount(authToken, user) }));
