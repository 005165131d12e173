/**
 * Addresses the staff app used before and answers now elsewhere, so a bookmark or a link in an old
 * email still opens its page: the patient pages were under /staff/endusers (the api's name for a
 * patient) until they took the word the screens use.
 */
const MOVED: [from: string, to: string][] = [['/staff/endusers', '/staff/patients']];

/** Where a GET of `url` now lives (path and query), or undefined when it did not move. */
export const movedAddress = (url: URL) => {
  for (const [from, to] of MOVED) {
    if (url.pathname === from || url.pathname.startsWith(`${from}/`)) return `${to}${url.pathname.slice(from.length)}${url.search}`;
  }
  return undefined;
};
