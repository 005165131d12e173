import { useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * Remix's revalidator, made to wait rather than interrupt. A reload asked for while the page's data
 * is already loading (an earlier reload, or a navigation) would abort that load; Remix then logs the
 * cut-short response's AbortError to the console although nothing went wrong, and the aborted work
 * is thrown away. Here such a request is remembered, and one reload runs once the router is idle,
 * which also folds a burst of live announcements into one reload.
 */
export const useQuietRevalidator = () => {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = revalidator.state !== 'idle' || navigation.state !== 'idle';
  const wanted = useRef(false);
  // The latest `busy` for callbacks that were created on an earlier render (timers, streams).
  const busyNow = useRef(busy);
  busyNow.current = busy;
  useEffect(() => {
    if (busy || !wanted.current) return;
    wanted.current = false;
    revalidator.revalidate();
    // revalidator changes identity on every render; only the router becoming idle matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy]);
  const revalidate = () => {
    if (busyNow.current) {
      wanted.current = true;
      return;
    }
    // Busy from now on, before the router's state reaches this hook on the next render.
    busyNow.current = true;
    revalidator.revalidate();
  };
  return { state: revalidator.state, revalidate };
};
