/**
 * When weekly hours apply, from their `active` (db calendar-validators availabilityActive): false
 * never; a date range ({ from?, to? }, the reference client's DateRange, dates as stored: ISO text)
 * between its ends; true or absent, always. The span is in ms since the epoch, ends included.
 */
export type ActiveSetting = boolean | { from?: unknown; to?: unknown } | null | undefined;

const bound = (value: unknown, open: number) => {
  if (value === undefined || value === null) return open;
  const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
  return Number.isNaN(ms) ? open : ms;
};

export const activeSpan = (active: ActiveSetting): [number, number] | undefined => {
  if (active === false) return undefined;
  if (active && typeof active === 'object') return [bound(active.from, -Infinity), bound(active.to, Infinity)];
  return [-Infinity, Infinity];
};

export const isActiveAt = (active: ActiveSetting, at: number) => {
  const span = activeSpan(active);
  return span !== undefined && span[0] <= at && at <= span[1];
};
