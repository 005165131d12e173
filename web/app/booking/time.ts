/** Time zones the widget always offers (docs/contract/portal.md#booking-widget: a fixed list plus the browser's own). */
export const FIXED_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'UTC',
] as const;

export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export const timeZoneChoices = (browserZone: string) => (FIXED_TIME_ZONES.includes(browserZone as never) ? [...FIXED_TIME_ZONES] : [browserZone, ...FIXED_TIME_ZONES]);

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export const dayKey = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

/** A heading's first letter in capitals: Spanish writes days and months in lower case ('lunes'). */
export const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** 12-hour slot label in the chosen zone, in the page's locale: '9:30 AM' ('9:30 a.m.' in Spanish). */
export const slotLabel = (ms: number, timeZone: string, locale = 'en-US') => new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(ms);

/** 'Monday, December 7, 2026' ('Lunes, 7 de diciembre de 2026') for a YYYY-MM-DD key (the key is a calendar day, so format it in UTC). */
export const longDay = (key: string, locale = 'en-US') =>
  capitalized(new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(Date.parse(`${key}T00:00:00Z`)));

/** 'Monday, December 7, 2026 at 9:30 AM EST' for the confirmation step, in the page's locale. */
export const longDateTime = (ms: number, timeZone: string, locale = 'en-US') =>
  capitalized(new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' }).format(ms));

/** 'December 2026' ('Diciembre de 2026') for a YYYY-MM month. */
export const monthTitle = (month: string, locale = 'en-US') =>
  capitalized(new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(Date.parse(`${month}-01T00:00:00Z`)));

/** The week's day names, Sunday first, in two letters: 'Su', 'Mo' … ('do', 'lu' … in Spanish). */
export const weekdayInitials = (locale = 'en-US') =>
  // 2026-11-01 is a Sunday.
  Array.from({ length: 7 }, (_, day) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' }).format(Date.UTC(2026, 10, 1 + day)).slice(0, 2));

export const zoneLabel = (timeZone: string) => timeZone.replace(/_/g, ' ');
