import { useCallback, useEffect, useState } from 'react';
import type { ChatMessageView } from '../portal/chat';

/** How often an open room asks the portal for new messages without a live channel ... */
export const CHAT_POLL_MS = 2_500;
/** ... and with one (a safety net for a missed event). */
export const CHAT_LIVE_POLL_MS = 30_000;

/**
 * The messages of an open room, kept current: a live channel tells the page when to fetch them,
 * and polling takes over whenever it is down. `refresh` fetches them at once (after sending).
 */
export function useChatMessages(roomId: string, initialMessages: ChatMessageView[]) {
  const [messages, setMessages] = useState(initialMessages);
  const refresh = useCallback(async () => {
    try {
      const response = await fetch(`/communications/${roomId}/messages`, { headers: { Accept: 'application/json' } });
      if (response.ok) setMessages(((await response.json()) as { messages: ChatMessageView[] }).messages);
    } catch {
      // Offline for a moment: the next poll tries again.
    }
  }, [roomId]);

  // The live channel: server-sent events from the portal, which listens to the api's realtime
  // socket with the enduser's session. Polling takes over whenever it is down.
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const events = new EventSource(`/communications/${roomId}/events`);
    events.addEventListener('ready', () => {
      setLive(true);
      void refresh();
    });
    events.addEventListener('message', () => void refresh());
    events.addEventListener('down', () => setLive(false));
    events.onerror = () => setLive(false);
    return () => events.close();
  }, [roomId, refresh]);

  useEffect(() => {
    const timer = setInterval(
      () => {
        if (document.visibilityState === 'visible') void refresh();
      },
      live ? CHAT_LIVE_POLL_MS : CHAT_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [refresh, live]);

  return { messages, live, refresh };
}
