import { instantOf, localTime, nextDay } from '@carelane/automation';

/** Today on the staff member's clock, as instants: from its midnight to the next (daylight-saving days included). */
export const todayOn = (now: number, timeZone: string) => {
  const local = { ...localTime(now, timeZone), hour: 0, minute: 0 };
  return { start: instantOf(local, timeZone), end: instantOf(nextDay(local), timeZone) };
};
