import { useEffect } from 'react';
import { useQuietRevalidator } from './useQuietRevalidator';

/** Reloads the page's data every `ms` while `active` holds (a page without a live channel following work in progress). */
export const useRevalidateWhile = (active: boolean, ms: number) => {
  const revalidator = useQuietRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, ms);
    return () => clearInterval(timer);
    // revalidator changes identity on every render; the timer depends on whether work is under way.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, ms]);
};
