import { isTimeZone } from './zoned';

const longFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as a message to a person reads it, on their clock and naming the zone: "Monday, November
 * 30, 2026 at 9:30 AM PST". Emails and texts use it with the recipient's zone (zoneFor).
 */
export const spokenTime = (at: number, timeZone: string) => {
  let format = longFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    longFormats.set(timeZone, format);
  }
  return format.format(new Date(at));
};

/** The first of these that names a real zone (a person's own, then their organization's ...), else UTC. */
export const zoneFor = (...candidates: unknown[]) => candidates.find(isTimeZone) ?? 'UTC';
