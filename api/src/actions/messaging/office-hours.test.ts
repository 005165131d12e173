import { isOutOfOffice, localTime } from './office-hours';

// Wednesday 2026-01-07 at 15:30 UTC.
const AT = new Date('2026-01-07T15:30:00Z');
const weekday = (day: number, start: number, end: number, active?: boolean) => ({ dayOfWeekStartingSundayIndexedByZero: day, startTimeInMinutes: start, endTimeInMinutes: end, active });

describe('office hours for out-of-office autoreplies', () => {
  test('local day and minute follow the time zone; an unknown zone counts as UTC', () => {
    expect(localTime(AT)).toEqual({ day: 3, minute: 15 * 60 + 30 });
    expect(localTime(AT, 'America/Los_Angeles')).toEqual({ day: 3, minute: 7 * 60 + 30 });
    expect(localTime(new Date('2026-01-07T02:00:00Z'), 'America/New_York')).toEqual({ day: 2, minute: 21 * 60 });
    expect(localTime(AT, 'Not/AZone')).toEqual({ day: 3, minute: 15 * 60 + 30 });
  });

  test('out of office only when hours are configured and none of the active blocks covers the instant', () => {
    expect(isOutOfOffice([], AT)).toBe(false);
    expect(isOutOfOffice([weekday(3, 9 * 60, 17 * 60)], AT)).toBe(false);
    expect(isOutOfOffice([weekday(3, 9 * 60, 15 * 60 + 30)], AT)).toBe(true);
    expect(isOutOfOffice([weekday(4, 0, 1440)], AT)).toBe(true);
    expect(isOutOfOffice([weekday(3, 0, 1440, false)], AT)).toBe(true);
    // 9 to 5 in Los Angeles: 7:30 there is before opening.
    expect(isOutOfOffice([weekday(3, 9 * 60, 17 * 60)], AT, 'America/Los_Angeles')).toBe(true);
  });
});
