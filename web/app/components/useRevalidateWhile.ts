import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';

/** A poll cut short by leaving the page rejects with an AbortError (typed void, a promise in fact): nothing went wrong. */
const revalidateQuietly = (revalidate: () => void) =>
  Promise.resolve(revalidate() as unknown).catch((error: unknown) => {
    if ((error as Error | undefined)?.name !== 'AbortError') throw error;
  });

/** Reloads the page's data every `ms` while `active` holds (a page without a live channel following work in progress). */
export const useRevalidateWhile = (active: boolean, ms: number) => {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidateQuietly(revalidator.revalidate);
    }, ms);
    return () => clearInterval(timer);
    // revalidator changes identity on every render; the timer depends on whether work is under way.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, ms]);
};
