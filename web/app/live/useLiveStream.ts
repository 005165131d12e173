import { useEffect, useRef, useState } from 'react';
import { useQuietRevalidator } from '../components/useQuietRevalidator';

/** Why a live page should look again: a `change` was announced, or a stream became ready (`reconnected`: not its first). */
export type LiveReason = { kind: 'change' } | { kind: 'ready'; reconnected: boolean };

/**
 * Follows one of the portal's server-sent-events URLs (web/app/socket-event-stream.server.ts):
 * `onUpdate` is called once for several announcements close together (150 ms), and when a stream
 * becomes ready, since what changed before it listened was never announced. Answers whether the live
 * channel is up, so a page can poll while it is not.
 */
export const useLiveStream = (url: string, onUpdate: (reason: LiveReason) => void) => {
  const [live, setLive] = useState(false);
  // The stream depends on the URL only; the handler may change identity on every render.
  const handler = useRef(onUpdate);
  handler.current = onUpdate;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let readyBefore = false;
    const soon = (reason: LiveReason) => {
      clearTimeout(timer);
      timer = setTimeout(() => handler.current(reason), 150);
    };
    source.addEventListener('ready', () => {
      setLive(true);
      soon({ kind: 'ready', reconnected: readyBefore });
      readyBefore = true;
    });
    source.addEventListener('down', () => setLive(false));
    source.onerror = () => setLive(false);
    source.addEventListener('change', () => soon({ kind: 'change' }));
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [url]);
  return live;
};

/** A console page that reloads its data whenever its live stream says so (useLiveStream). */
export const useLiveRevalidation = (url: string) => {
  const revalidator = useQuietRevalidator();
  return useLiveStream(url, () => revalidator.revalidate());
};
