import { userWindows, validZone, type WeeklyWindow } from '../../calendar/availability';

/** A weekly window or a dated exception (users' weeklyAvailabilities, availability_blocks rows). */
export type WeeklyBlock = WeeklyWindow;

/**
 * Out of office: office hours are configured (at least one weekly or extra window, paused or not) and
 * none covers this instant, once the day's exceptions are applied: a dated closed day or time off
 * takes hours away, dated extra hours add some (the booking's own reading of hours:
 * calendar/availability.ts userWindows). With no hours configured nobody is ever "out", so no
 * autoreply goes out.
 */
export const isOutOfOffice = (blocks: WeeklyBlock[], at: Date, timezone?: string) => {
  if (!blocks.some((block) => block.unavailable !== true)) return false;
  const moment = at.getTime();
  const open = userWindows({ id: 'hours', timezone: validZone(timezone), weeklyAvailabilities: blocks }, { from: moment - 1, to: moment + 1 });
  return !open.some(([start, end]) => start <= moment && moment < end);
};
