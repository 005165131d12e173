import { useCallback, useEffect, useState } from 'react';
import Chip from '@mui/joy/Chip';
import { useLiveStream } from '../../live/useLiveStream';

/** The current unread count from /staff/inbox/unread; undefined when it could not be read (signed out, offline). */
const readUnread = async () => {
  const response = await fetch('/staff/inbox/unread', { headers: { Accept: 'application/json' } });
  if (!response.ok) return undefined;
  const body = (await response.json().catch(() => undefined)) as { count?: unknown } | undefined;
  return typeof body?.count === 'number' ? body.count : undefined;
};

/**
 * The inbox's unread count, live: for the console's navigation beside its Inbox link. `initial` is
 * the count the layout's loader read (inboxUnreadCount, unread.server.ts), so the first paint is right
 * without scripts; the inbox's live channel (/staff/inbox/events) then asks /staff/inbox/unread again.
 * A plain fetch, not a Remix fetcher: a fetcher's load of a route the page has not discovered yet
 * (lazy route discovery) failed with "No route matches URL" and replaced whatever page was open with
 * the not-found page.
 */
export function InboxBadge({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  const refresh = useCallback(() => {
    void readUnread().then((next) => next !== undefined && setCount(next), () => undefined);
  }, []);
  const live = useLiveStream('/staff/inbox/events', refresh);
  // While the live channel is down, a slow poll keeps the count honest.
  useEffect(() => {
    if (live) return;
    const poll = setInterval(refresh, 15_000);
    return () => clearInterval(poll);
  }, [live, refresh]);
  if (!count) return null;
  return (
    <Chip size="sm" color="primary" variant="solid" aria-label={`${count} unread`} data-inbox-unread={count}>
      {count > 99 ? '99+' : count}
    </Chip>
  );
}
