import { useEffect } from 'react';
import { useFetcher } from '@remix-run/react';

/**
 * Posts `payload` as JSON to the page's action once edits pause for `delayMs` (a builder's live
 * preview, the patients an assignment reaches), and again whenever it changes; nothing while it is
 * undefined. The answer is the fetcher's data.
 */
export const useDebouncedAction = <Answer>(payload: Record<string, unknown> | undefined, delayMs: number) => {
  const fetcher = useFetcher<Answer>();
  const key = payload === undefined ? undefined : JSON.stringify(payload);
  useEffect(() => {
    if (key === undefined) return;
    const timer = setTimeout(() => fetcher.submit(JSON.parse(key) as never, { method: 'post', encType: 'application/json' }), delayMs);
    return () => clearTimeout(timer);
    // The post follows the payload's content only (the fetcher changes identity as it loads).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs]);
  return fetcher;
};
