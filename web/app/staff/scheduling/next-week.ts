import { instantOf, localTime, nextDay, type LocalTime } from '@carelane/automation';

const dayKey = (local: Pick<LocalTime, 'year' | 'month' | 'day'>) => `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;

/**
 * Next week on the viewer's clock: Monday 00:00 to the Monday after, as instants, and its seven days
 * (each day's date and first instant), so slots can be grouped by the day the viewer reads them on.
 */
export const nextWeekOn = (now: number, timeZone: string) => {
  const today = { ...localTime(now, timeZone), hour: 0, minute: 0 };
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  let day: LocalTime = today;
  for (let i = 0; i < (((8 - weekday) % 7) || 7); i++) day = nextDay(day);
  const days: { key: string; start: number }[] = [];
  for (let i = 0; i < 7; i++) {
    days.push({ key: dayKey(day), start: instantOf(day, timeZone) });
    day = nextDay(day);
  }
  return { from: days[0]!.start, to: instantOf(day, timeZone), days };
};

/** The viewer's calendar day of an instant (YYYY-MM-DD). */
export const dayOn = (at: number, timeZone: string) => dayKey(localTime(at, timeZone));
