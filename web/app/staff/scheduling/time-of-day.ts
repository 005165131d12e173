/**
 * Times of day as working hours keep them: minutes after local midnight (0 to 1440) on the hours' own
 * clock, shown and typed as a 24-hour "HH:MM" in the time inputs and as "9:00 AM" in sentences.
 */

/** Days as the api numbers them (Sunday = 0), listed Monday first as a week reads at work. */
export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** 540 -> "09:00"; 1440 (midnight at the day's end) -> "24:00" is not typeable, so "23:59". */
export const minutesToInput = (minutes: number) => {
  const clamped = Math.min(Math.max(0, Math.round(minutes)), 1439);
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
};

/** "09:00" -> 540; "23:59" -> 1440 (the end of the day); anything else -> undefined. */
export const inputToMinutes = (value: string) => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 1439 || Number(match[2]) > 59) return undefined;
  return minutes === 1439 ? 1440 : minutes;
};

/** 540 -> "9:00 AM", 1440 -> "midnight". */
export const minutesToWords = (minutes: number) => {
  if (minutes >= 1440 || minutes === 0) return 'midnight';
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  return `${((hour + 11) % 12) + 1}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
};

/** "2026-12-07" -> 1 (Monday): the weekday of a calendar day, whatever the machine's zone. */
export const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** "2026-12-07" -> "Mon, Dec 7, 2026". */
export const calendarDayWords = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
