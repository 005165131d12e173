import { useRevalidator } from '@remix-run/react';

/**
 * Remix's revalidator, whose revalidate ignores being cut short. A reload of the page's data that the
 * visitor interrupts by leaving the page (or that a newer one replaces) rejects with an AbortError:
 * typed void, it is a promise in fact, and left unhandled it surfaced as a page error although
 * nothing went wrong.
 */
export const useQuietRevalidator = () => {
  const revalidator = useRevalidator();
  const revalidate = () =>
    Promise.resolve(revalidator.revalidate() as unknown).catch((error: unknown) => {
      if ((error as Error | undefined)?.name !== 'AbortError') throw error;
    });
  return { state: revalidator.state, revalidate };
};
