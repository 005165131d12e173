import { useLocation } from '@remix-run/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLiveStream } from '../live/useLiveStream';
import { useQuietRevalidator } from './useQuietRevalidator';

interface LiveChats {
  /** Unread messages over the enduser's open rooms: the navigation badge. */
  unread: number;
  /** Whether the live channel is up; pages poll while it is not. */
  live: boolean;
}

const LiveChatsContext = createContext<LiveChats>({ unread: 0, live: false });

/** The signed-in shell's live view of the enduser's conversations. */
export const useLiveChats = () => useContext(LiveChatsContext);

const LIST_PATHS = new Set(['/communications', '/communications/']);

/**
 * Keeps the Communications badge and 'Your Conversations' current without a reload (docs/contract/portal.md#communications,
 * issue 15): the portal's stream of the enduser's conversations (their realtime socket, held by the
 * portal's server) says when a room or message changed. On the list, the page's data is reloaded
 * (list and badge come from loaders); elsewhere only the badge's count is asked for, so a page being
 * filled in is never reloaded under the patient's hands. The first ready needs nothing: the page
 * was just loaded.
 */
export function LiveChatsProvider({ unread: loaded, children }: { unread: number; children: ReactNode }) {
  const [unread, setUnread] = useState(loaded);
  // A page load's count is newer than one fetched before it.
  useEffect(() => setUnread(loaded), [loaded]);
  const { pathname } = useLocation();
  const revalidator = useQuietRevalidator();

  const live = useLiveStream('/communications/events', (reason) => {
    if (reason.kind === 'ready' && !reason.reconnected) return;
    if (LIST_PATHS.has(pathname)) return revalidator.revalidate();
    fetch('/communications/unread', { headers: { Accept: 'application/json' } })
      .then(async (response) => response.ok && setUnread(((await response.json()) as { unread: number }).unread))
      // Offline for a moment: the next change or page load brings the count.
      .catch(() => undefined);
  });

  return <LiveChatsContext.Provider value={{ unread, live }}>{children}</LiveChatsContext.Provider>;
}
