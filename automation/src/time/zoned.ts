/**
 * Wall-clock arithmetic in IANA time zones with the platform's own Intl (no Date methods that read the
 * machine's zone), so the same code gives the same answer on any machine. Pure: no I/O.
 */

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const partsFormatter = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** Whether `zone` names a time zone this platform knows ('America/Los_Angeles'); never throws. */
export const isTimeZone = (zone: unknown): zone is string => {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    partsFormatter(zone);
    return true;
  } catch {
    return false;
  }
};

/** The wall clock in `timeZone` at the instant `at` (ms since the epoch). */
export const localTime = (at: number, timeZone: string): LocalTime => {
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
};

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
export const zoneOffset = (at: number, timeZone: string) => {
  const local = localTime(at, timeZone);
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute) - Math.floor(at / 60_000) * 60_000;
};

/**
 * The instant a wall-clock time happens in `timeZone`. A time the zone repeats (autumn) is the first
 * of the two; a time it skips (a spring-forward gap) is taken as the same distance past the gap
 * (02:30 on a New York spring morning is 03:30 EDT).
 */
export const instantOf = (local: LocalTime, timeZone: string) => {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const before = wall - zoneOffset(wall - 86_400_000, timeZone);
  const after = wall - zoneOffset(wall + 86_400_000, timeZone);
  const happens = (at: number) => at + zoneOffset(at, timeZone) === wall;
  const valid = [before, after].filter(happens);
  return valid.length ? Math.min(...valid) : before;
};

/** The calendar day after a wall-clock date (month and year roll over). */
export const nextDay = (local: LocalTime): LocalTime => {
  const next = new Date(Date.UTC(local.year, local.month - 1, local.day + 1));
  return { ...local, year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
};
