import { instantOf, localTime, type LocalTime } from '@carelane/automation';

/**
 * The calendar's days on the viewer's clock: which days a view shows and where each begins and ends
 * as instants (daylight-saving days have 23 or 25 hours). Pure: the zone is always passed in.
 */

export const VIEWS = ['day', 'week', 'month'] as const;
export type CalendarView = (typeof VIEWS)[number];

/** A calendar date as the address carries it (YYYY-MM-DD), with its day of the week (0 Sunday). */
export interface CalendarDay {
  key: string;
  year: number;
  month: number;
  day: number;
  weekday: number;
  /** Its midnight and the next, on the viewer's clock. */
  start: number;
  end: number;
}

const pad = (value: number) => String(value).padStart(2, '0');
export const dayKey = (date: { year: number; month: number; day: number }) => `${date.year}-${pad(date.month)}-${pad(date.day)}`;

/** The date `days` after this one (months and years roll over). */
const plusDays = (date: { year: number; month: number; day: number }, days: number) => {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
};

const weekdayOf = (date: { year: number; month: number; day: number }) => new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();

export const calendarDay = (date: { year: number; month: number; day: number }, timeZone: string): CalendarDay => {
  const midnight: LocalTime = { ...date, hour: 0, minute: 0 };
  return { key: dayKey(date), ...date, weekday: weekdayOf(date), start: instantOf(midnight, timeZone), end: instantOf({ ...plusDays(date, 1), hour: 0, minute: 0 }, timeZone) };
};

/** The date in the address, else today on the viewer's clock. */
export const parseDay = (value: string | null | undefined, now: number, timeZone: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (match) {
    const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
    const check = plusDays(date, 0);
    if (check.year === date.year && check.month === date.month && check.day === date.day && date.year >= 1970 && date.year < 3000) return date;
  }
  const today = localTime(now, timeZone);
  return { year: today.year, month: today.month, day: today.day };
};

export const parseView = (value: string | null | undefined): CalendarView => (VIEWS as readonly string[]).includes(value ?? '') ? (value as CalendarView) : 'week';

/** The days a view shows around `date`: the day; its week (Sunday to Saturday); whole weeks covering its month. */
export const daysOf = (view: CalendarView, date: { year: number; month: number; day: number }, timeZone: string): CalendarDay[] => {
  if (view === 'day') return [calendarDay(date, timeZone)];
  if (view === 'week') {
    const sunday = plusDays(date, -weekdayOf(date));
    return Array.from({ length: 7 }, (_, index) => calendarDay(plusDays(sunday, index), timeZone));
  }
  const first = { year: date.year, month: date.month, day: 1 };
  const start = plusDays(first, -weekdayOf(first));
  const last = plusDays({ year: date.month === 12 ? date.year + 1 : date.year, month: (date.month % 12) + 1, day: 1 }, -1);
  const end = plusDays(last, 6 - weekdayOf(last));
  const count = Math.round((Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(start.year, start.month - 1, start.day)) / 86_400_000) + 1;
  return Array.from({ length: count }, (_, index) => calendarDay(plusDays(start, index), timeZone));
};

/** The date the previous and next buttons open: a day, a week or a month away (the day clamped to the month's length). */
export const shiftDate = (view: CalendarView, date: { year: number; month: number; day: number }, direction: 1 | -1) => {
  if (view === 'day') return dayKey(plusDays(date, direction));
  if (view === 'week') return dayKey(plusDays(date, 7 * direction));
  const month = date.month + direction;
  const year = date.year + (month < 1 ? -1 : month > 12 ? 1 : 0);
  const normalised = ((month + 11) % 12) + 1;
  const length = new Date(Date.UTC(year, normalised, 0)).getUTCDate();
  return dayKey({ year, month: normalised, day: Math.min(date.day, length) });
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3));
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The heading of what is shown: "Tuesday, December 1, 2026", "Nov 29 – Dec 5, 2026", "December 2026". */
export const rangeLabel = (view: CalendarView, date: { year: number; month: number; day: number }, days: CalendarDay[]) => {
  if (view === 'day') return `${WEEKDAYS[weekdayOf(date)]}, ${MONTHS[date.month - 1]} ${date.day}, ${date.year}`;
  if (view === 'month') return `${MONTHS[date.month - 1]} ${date.year}`;
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const left = `${SHORT_MONTHS[first.month - 1]} ${first.day}${first.year !== last.year ? `, ${first.year}` : ''}`;
  return `${left} – ${first.month === last.month ? '' : `${SHORT_MONTHS[last.month - 1]} `}${last.day}, ${last.year}`;
};

/** "Mon 30" for a column heading; "Monday, November 30" for its accessible name. */
export const shortDayLabel = (day: CalendarDay) => `${WEEKDAYS[day.weekday]!.slice(0, 3)} ${day.day}`;
export const longDayLabel = (day: CalendarDay) => `${WEEKDAYS[day.weekday]}, ${MONTHS[day.month - 1]} ${day.day}`;
