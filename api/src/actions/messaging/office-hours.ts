import { isActiveAt, type ActiveSetting } from '../../calendar/active-span';

/** A weekly availability block (users' weeklyAvailabilities, availability_blocks rows). */
export interface WeeklyBlock {
  dayOfWeekStartingSundayIndexedByZero: number;
  startTimeInMinutes: number;
  endTimeInMinutes: number;
  /** False pauses the block; a date range limits it to those dates (calendar/active-span.ts). */
  active?: ActiveSetting;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Day of week (Sunday = 0) and minute of day of an instant in a time zone (UTC when none or unknown). */
export const localTime = (at: Date, timezone?: string) => {
  let zone = 'UTC';
  if (timezone) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: timezone });
      zone = timezone;
    } catch {
      zone = 'UTC';
    }
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: WEEKDAYS.indexOf(parts.weekday), minute: Number(parts.hour) * 60 + Number(parts.minute) };
};

/**
 * Out of office: office hours are configured (at least one block) and none of the active blocks
 * covers this instant. With no hours configured nobody is ever "out", so no autoreply goes out.
 */
export const isOutOfOffice = (blocks: WeeklyBlock[], at: Date, timezone?: string) => {
  if (!blocks.length) return false;
  const { day, minute } = localTime(at, timezone);
  const open = blocks.some(
    (block) => isActiveAt(block.active, at.getTime()) && block.dayOfWeekStartingSundayIndexedByZero === day && block.startTimeInMinutes <= minute && minute < block.endTimeInMinutes,
  );
  return !open;
};
