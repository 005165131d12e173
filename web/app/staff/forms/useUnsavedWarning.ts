import { useEffect, type MutableRefObject } from 'react';
import { useBeforeUnload, useBlocker } from '@remix-run/react';

/**
 * Warns before leaving a page with unsaved changes: the browser's own prompt when the tab closes or
 * reloads, and a confirmation when a link inside the app would leave it. Saving (a post) is never held.
 */
export const useUnsavedWarning = (dirty: boolean, saving: MutableRefObject<boolean>, message = 'You have unsaved changes. Leave this page and lose them?') => {
  useBeforeUnload((event) => {
    if (!dirty || saving.current) return;
    event.preventDefault();
    event.returnValue = '';
  });
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => dirty && !saving.current && historyAction !== 'REPLACE' && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
};
