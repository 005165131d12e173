import { isOutOfOffice } from './office-hours';

// Wednesday 2026-01-07 at 15:30 UTC.
const AT = new Date('2026-01-07T15:30:00Z');
const weekday = (day: number, start: number, end: number, active?: boolean) => ({ dayOfWeekStartingSundayIndexedByZero: day, startTimeInMinutes: start, endTimeInMinutes: end, active });

describe('office hours for out-of-office autoreplies', () => {
  test('out of office only when hours are configured and none of the active blocks covers the instant', () => {
    expect(isOutOfOffice([], AT)).toBe(false);
    expect(isOutOfOffice([weekday(3, 9 * 60, 17 * 60)], AT)).toBe(false);
    expect(isOutOfOffice([weekday(3, 9 * 60, 15 * 60 + 30)], AT)).toBe(true);
    expect(isOutOfOffice([weekday(4, 0, 1440)], AT)).toBe(true);
    expect(isOutOfOffice([weekday(3, 0, 1440, false)], AT)).toBe(true);
    // 9 to 5 in Los Angeles: 7:30 there is before opening; an unknown zone counts as UTC.
    expect(isOutOfOffice([weekday(3, 9 * 60, 17 * 60)], AT, 'America/Los_Angeles')).toBe(true);
    expect(isOutOfOffice([weekday(3, 9 * 60, 17 * 60)], AT, 'Not/AZone')).toBe(false);
  });

  test('a dated closed day or time off takes the hours away on that date only; dated extra hours add some', () => {
    const open = weekday(3, 9 * 60, 17 * 60);
    const dated = (date: string, start: number, end: number, unavailable: boolean) => ({ ...weekday(3, start, end), date, unavailable });
    expect(isOutOfOffice([open, dated('2026-01-07', 0, 1440, true)], AT)).toBe(true);
    expect(isOutOfOffice([open, dated('2026-01-14', 0, 1440, true)], AT)).toBe(false);
    expect(isOutOfOffice([open, dated('2026-01-07', 15 * 60, 16 * 60, true)], AT)).toBe(true);
    expect(isOutOfOffice([weekday(1, 9 * 60, 17 * 60), dated('2026-01-07', 15 * 60, 16 * 60, false)], AT)).toBe(false);
    // Closed days alone are no office hours: nobody is ever "out".
    expect(isOutOfOffice([dated('2026-01-07', 0, 1440, true)], AT)).toBe(false);
    // The closed day is a date on the hours' clock: 2026-01-07 in Tokyo ended at 15:00 UTC.
    expect(isOutOfOffice([weekday(4, 0, 1440), dated('2026-01-07', 0, 1440, true)], AT, 'Asia/Tokyo')).toBe(false);
  });
});
