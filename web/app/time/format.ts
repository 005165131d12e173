/**
 * Times as people read them, on a given clock and always naming the zone ("9:30 AM PST"), shared by
 * the portal and the staff app (server and browser render the same text). Never the machine's zone:
 * every function takes the zone to show.
 */

const formats = new Map<string, Intl.DateTimeFormat | undefined>();
const STYLES = {
  dateTime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  time: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  date: { month: 'short', day: 'numeric', year: 'numeric' },
  monthDayTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  weekdayDate: { weekday: 'short', month: 'short', day: 'numeric' },
  hourMinute: { hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type TimeStyle = keyof typeof STYLES;

/** One formatter per zone and style for the process (they are costly to build); undefined for a zone Intl refuses. */
const formatter = (style: TimeStyle, timeZone: string, locale: string) => {
  const key = `${style} ${timeZone} ${locale}`;
  if (formats.has(key)) return formats.get(key);
  let made: Intl.DateTimeFormat | undefined;
  try {
    made = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone });
  } catch {
    made = undefined;
  }
  if (formats.size > 2_000) formats.clear();
  formats.set(key, made);
  return made;
};

/** A moment in `style` on `timeZone`'s clock (UTC for a zone Intl does not know). */
export const formatIn = (ms: number | string | Date, timeZone: string, style: TimeStyle = 'dateTime', locale = 'en-US') => {
  const at = new Date(ms);
  if (Number.isNaN(at.getTime())) return '';
  return (formatter(style, timeZone, locale) ?? formatter(style, 'UTC', locale)!).format(at);
};

/** Whether two zones show the same wall clock at `ms` (then a second time would say nothing new). */
const sameClock = (ms: number, a: string, b: string) => formatIn(ms, a, 'hourMinute') === formatIn(ms, b, 'hourMinute');

/**
 * A time for staff with the patient's own clock beside it when it differs:
 * "9:30 AM PST · 12:30 PM for the patient".
 */
export const staffAndPatientTime = (ms: number, staffZone: string, patientZone: string | undefined, style: TimeStyle = 'time') => {
  const own = formatIn(ms, staffZone, style);
  if (!patientZone || sameClock(ms, staffZone, patientZone)) return own;
  return `${own} · ${formatIn(ms, patientZone, 'hourMinute')} for the patient`;
};

/**
 * A moment as a conversation list shows it, as short as stays clear on the viewer's clock: the time
 * alone today ("4:24 AM EST"), the day and time this year ("Nov 28, 4:24 AM EST"), else the full date.
 */
export const recentTime = (ms: number, timeZone: string, now = Date.now()) => {
  if (formatIn(ms, timeZone, 'date') === formatIn(now, timeZone, 'date')) return formatIn(ms, timeZone, 'time');
  const year = (at: number) => formatIn(at, timeZone, 'date').slice(-4);
  return formatIn(ms, timeZone, year(ms) === year(now) ? 'monthDayTime' : 'dateTime');
};
