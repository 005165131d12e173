import { instantOf, localTime, nextDay } from './zoned';

/**
 * Quiet hours (an organization setting, off by default: docs/decisions.md, "Quiet hours"): an
 * automated email or text that would reach a patient between 21:00 and 08:00 on the patient's clock
 * is held until 08:00.
 */
export const QUIET_HOURS = { startHour: 21, endHour: 8 } as const;

/** When a message due at `at` may go out: `at` itself outside quiet hours, else the next 08:00 in `timeZone`. */
export const afterQuietHours = (at: number, timeZone: string, hours: { startHour: number; endHour: number } = QUIET_HOURS) => {
  const local = localTime(at, timeZone);
  if (local.hour >= hours.endHour && local.hour < hours.startHour) return at;
  const day = local.hour >= hours.startHour ? nextDay(local) : local;
  return instantOf({ ...day, hour: hours.endHour, minute: 0 }, timeZone);
};
