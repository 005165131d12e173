/**
 * Remix 2.17's single fetch logs the error of a response body it was still reading when the
 * navigation that asked for it was superseded (a click while a live update revalidates, a second
 * submit), before React Router sets that navigation aside as aborted: nothing failed, the newer
 * navigation goes on. The log is the only trace, and a console error tells a clinic's IT (and any
 * page check) that something broke. Only that one case is held back; every other error still shows.
 */
export const isSupersededNavigationLog = (args: readonly unknown[]) =>
  args.length === 1 && args[0] instanceof DOMException && args[0].name === 'AbortError';

/** console.error without the superseded navigation's log (called once, before hydration). */
export const quietSupersededNavigations = (target: Pick<Console, 'error'> = console) => {
  const error = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    if (!isSupersededNavigationLog(args)) error(...args);
  };
};
