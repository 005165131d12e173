import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False during the server render and while the browser hydrates that markup, true from then on
 * (and at once for anything mounted later). Controls that only make sense with JavaScript (a button
 * disabled until a field has a value) use it so the page still works, and hydrates cleanly, before
 * the scripts have run.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
