import { afterQuietHours } from './quiet-hours';
import { instantOf, localTime } from './zoned';

const at = (iso: string) => Date.parse(iso);

describe('wall clocks in time zones', () => {
  test('the instant of a local time, across both daylight-saving changes', () => {
    expect(instantOf({ year: 2026, month: 11, day: 30, hour: 9, minute: 30 }, 'America/Los_Angeles')).toBe(at('2026-11-30T17:30:00Z'));
    // New York springs forward on 2026-03-08 at 02:00: 02:30 does not happen, 03:30 EDT is taken.
    expect(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York')).toBe(at('2026-03-08T07:30:00Z'));
    // ... and falls back on 2026-11-01: 01:30 happens twice, the first (EDT) is taken.
    expect(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York')).toBe(at('2026-11-01T05:30:00Z'));
    expect(instantOf({ year: 2026, month: 3, day: 29, hour: 8, minute: 0 }, 'Europe/Berlin')).toBe(at('2026-03-29T06:00:00Z'));
    expect(instantOf({ year: 2026, month: 10, day: 25, hour: 8, minute: 0 }, 'Europe/Berlin')).toBe(at('2026-10-25T07:00:00Z'));
    expect(localTime(at('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 });
  });

  test('quiet hours hold a message until 08:00 on the patient clock', () => {
    // 23:00 in Los Angeles: held until 08:00 the next morning there.
    expect(afterQuietHours(at('2026-11-30T07:00:00Z'), 'America/Los_Angeles')).toBe(at('2026-11-30T16:00:00Z'));
    // 06:59 there: held until 08:00 the same morning.
    expect(afterQuietHours(at('2026-11-30T14:59:00Z'), 'America/Los_Angeles')).toBe(at('2026-11-30T16:00:00Z'));
    // 08:00 and 20:59 go at once.
    expect(afterQuietHours(at('2026-11-30T16:00:00Z'), 'America/Los_Angeles')).toBe(at('2026-11-30T16:00:00Z'));
    expect(afterQuietHours(at('2026-12-01T04:59:00Z'), 'America/Los_Angeles')).toBe(at('2026-12-01T04:59:00Z'));
    // The night Berlin falls back: 22:00 CEST on the 24th waits for 08:00 CET on the 25th.
    expect(afterQuietHours(at('2026-10-24T20:00:00Z'), 'Europe/Berlin')).toBe(at('2026-10-25T07:00:00Z'));
    // The night New York springs forward: 23:30 EST waits for 08:00 EDT.
    expect(afterQuietHours(at('2026-03-08T04:30:00Z'), 'America/New_York')).toBe(at('2026-03-08T12:00:00Z'));
  });
});
