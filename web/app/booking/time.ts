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

/** 12-hour slot label in the chosen zone: '9:30 AM'. */
export const slotLabel = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(ms);

/** 'Monday, December 7, 2026' for a YYYY-MM-DD key (the key is a calendar day, so format it in UTC). */
export const longDay = (key: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(Date.parse(`${key}T00:00:00Z`));

/** 'Monday, December 7, 2026 at 9:30 AM EST' for the confirmation step. */
export const longDateTime = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' }).format(ms);

export const zoneLabel = (timeZone: string) => timeZone.replace(/_/g, ' ');
