import { useEffect } from 'react';
import { useFetcher } from '@remix-run/react';
import Chip from '@mui/joy/Chip';
import { useLiveStream } from '../../live/useLiveStream';

/**
 * The inbox's unread count, live: for the console's navigation beside its Inbox link. `initial` is
 * the count the layout's loader read (inboxUnreadCount, unread.server.ts), so the first paint is right
 * without scripts; the inbox's live channel (/staff/inbox/events) then asks /staff/inbox/unread again.
 */
export function InboxBadge({ initial }: { initial: number }) {
  const fetcher = useFetcher<{ count: number }>();
  const live = useLiveStream('/staff/inbox/events', () => fetcher.load('/staff/inbox/unread'));
  // While the live channel is down, a slow poll keeps the count honest.
  useEffect(() => {
    if (live) return;
    const poll = setInterval(() => fetcher.load('/staff/inbox/unread'), 15_000);
    return () => clearInterval(poll);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);
  const count = fetcher.data?.count ?? initial;
  if (!count) return null;
  return (
    <Chip size="sm" color="primary" variant="solid" aria-label={`${count} unread`} data-inbox-unread={count}>
      {count > 99 ? '99+' : count}
    </Chip>
  );
}
