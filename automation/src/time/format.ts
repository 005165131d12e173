import { isTimeZone } from './zoned';

const longFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as a message to a person reads it, on their clock and naming the zone: "Monday, November
 * 30, 2026 at 9:30 AM PST". Emails and texts use it with the recipient's zone (zoneFor) and, for a
 * patient, their language's locale ('es-US': "lunes, 30 de noviembre de 2026, 9:30 a.m. PST").
 */
export const spokenTime = (at: number, timeZone: string, locale = 'en-US') => {
  const key = `${locale} ${timeZone}`;
  let format = longFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    longFormats.set(key, format);
  }
  return format.format(new Date(at));
};

/** The first of these that names a real zone (a person's own, then their organization's ...), else UTC. */
export const zoneFor = (...candidates: unknown[]) => candidates.find(isTimeZone) ?? 'UTC';
