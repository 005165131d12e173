/**
 * A busy calendar in parts: a view holding more appointments than PAGE_SIZE (twenty staff over a week
 * at a large practice hold a couple of thousand) shows them a part at a time, in time order, and says
 * where the part ends and how to see the next (bench/README.md, bench:scale's calendar week). Pure.
 */

/** The appointments one part shows: what a page of the calendar is drawn and named from within bench:scale's budget. */
export const PAGE_SIZE = 200;

type Row = Record<string, unknown>;

const startOf = (event: Row) => Number(event.startTimeInMS);

/**
 * The part of `events` (earliest first, as events-for-user answers, asked for PAGE_SIZE + 1) this page
 * shows, and the instant the next part begins when there is more. A part ends before the first start
 * it cannot hold entirely, so no appointment falls between two parts; only if more than PAGE_SIZE
 * share one start does a part end inside it (a handful of staff cannot hold that many at once).
 */
export const pageOf = <T extends Row>(events: T[], pageSize = PAGE_SIZE): { events: T[]; next?: number } => {
  if (events.length <= pageSize) return { events };
  const next = startOf(events[pageSize]!);
  const whole = events.filter((event) => startOf(event) < next);
  return whole.length ? { events: whole, next } : { events: events.slice(0, pageSize), next: next + 1 };
};

/** The instant a later part begins, from the address (?from=<ms>); undefined for the first part or nonsense. */
export const parsePageStart = (value: string | null, rangeStart: number, rangeEnd: number) => {
  const ms = Number(value);
  return value && Number.isSafeInteger(ms) && ms > rangeStart && ms < rangeEnd ? ms : undefined;
};
