/** Formatting shared by the portal's pages (server and browser render the same text). */

/** docs/contract/portal.md#truncation: default truncation 25 characters with an ellipsis; callers pass the contract's limit. */
export const truncate = (value: string, max = 25) => (value.length > max ? `${value.slice(0, Math.max(0, max))}…` : value);

/**
 * Intl.DateTimeFormat objects are costly to build (a large share of a server render of Home, which
 * lists events): one per zone and style, kept for the process. Undefined for a zone Intl refuses.
 */
const formatters = new Map<string, Intl.DateTimeFormat | undefined>();
const formatterFor = (style: 'dateTime' | 'date', timeZone: string, locale: string) => {
  const key = `${style} ${timeZone} ${locale}`;
  if (formatters.has(key)) return formatters.get(key);
  let formatter: Intl.DateTimeFormat | undefined;
  try {
    formatter =
      style === 'dateTime'
        ? new Intl.DateTimeFormat(locale, { timeZone, month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' })
        : new Intl.DateTimeFormat(locale, { timeZone, month: 'long', day: 'numeric', year: 'numeric' });
  } catch {
    formatter = undefined;
  }
  // Zones come from endusers' records: a bounded number in practice, but never let the cache grow without end.
  if (formatters.size > 1_000) formatters.clear();
  formatters.set(key, formatter);
  return formatter;
};

/** The zone's formatter, else UTC's (a missing or unknown zone). */
const zoned = (style: 'dateTime' | 'date', timeZone: string | undefined, locale: string) =>
  (timeZone ? formatterFor(style, timeZone, locale) : undefined) ?? formatterFor(style, 'UTC', locale)!;

/**
 * 'Month day year, h:mmam/pm', the portal's own date format, on the patient's clock (the zone
 * time/portal-zone.server.ts resolves), with the zone's short name so a time is never ambiguous;
 * UTC for a missing or unknown zone.
 */
export const formatDateTime = (ms: number, timeZone?: string, locale = 'en-US') => {
  // Other languages read their locale's own order and words (i18n/locale.ts).
  if (locale !== 'en-US') return zoned('dateTime', timeZone, locale).format(new Date(ms));
  const parts = zoned('dateTime', timeZone, locale).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')} ${part('year')}, ${part('hour')}:${part('minute')}${part('dayPeriod').toLowerCase()} ${part('timeZoneName')}`;
};

/** 'Full month day, year' (docs/contract/portal.md#formats). */
export const formatDate = (ms: number, timeZone?: string, locale = 'en-US') => zoned('date', timeZone, locale).format(new Date(ms));
