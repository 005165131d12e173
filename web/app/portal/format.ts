/** Formatting shared by the portal's pages (server and browser render the same text). */

/** 002 §9: default truncation 25 characters with an ellipsis; callers pass the spec's limit. */
export const truncate = (value: string, max = 25) => (value.length > max ? `${value.slice(0, Math.max(0, max))}…` : value);

const validZone = (timeZone: string | undefined) => {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
};

/**
 * 'Month day year, h:mmam/pm' (002 §9) in the enduser's time zone, with the zone's short name so a
 * time is never ambiguous; without a zone on the enduser, UTC.
 */
export const formatDateTime = (ms: number, timeZone?: string) => {
  const zone = validZone(timeZone) ?? 'UTC';
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')} ${part('year')}, ${part('hour')}:${part('minute')}${part('dayPeriod').toLowerCase()} ${part('timeZoneName')}`;
};

/** 'Full month day, year' (002 §9). */
export const formatDate = (ms: number, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: validZone(timeZone) ?? 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(ms));
