import { DateTime } from 'luxon';
import { computeAvailability, userWindows, isSlotAvailable, usersWithoutTimezone, type AvailabilityInput, type AvailabilityUser, type WeeklyWindow } from './availability';
import { hoursZone, nearestOrganizationZone } from './hours-zone';

/** Literal UTC instants: the expectations must not depend on the machine's zone (run with TZ=UTC and another TZ). */
const utc = (iso: string) => Date.parse(iso.endsWith('Z') ? iso : `${iso}Z`);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const starts = (input: AvailabilityInput) => computeAvailability(input).map((slot) => iso(slot.startTimeInMS));

const SUNDAY = 0;
const MONDAY = 1;
const day = (dayOfWeek: number, start: number, end: number, extra: Partial<WeeklyWindow> = {}) => ({
  dayOfWeekStartingSundayIndexedByZero: dayOfWeek,
  startTimeInMinutes: start,
  endTimeInMinutes: end,
  ...extra,
});

const base = (users: AvailabilityUser[], from: string, to: string, extra: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  users,
  busy: [],
  durationInMinutes: 60,
  from: utc(from),
  to: utc(to),
  ...extra,
});

describe('computeAvailability', () => {
  test('weekly hours in the user time zone become UTC slots of the template duration', () => {
    // Monday 2026-01-05, 09:00-12:00 in New York (UTC-5) is 14:00-17:00 UTC.
    const user = { id: 'a', timezone: 'America/New_York', weeklyAvailabilities: [day(MONDAY, 540, 720)] };
    expect(starts(base([user], '2026-01-05T00:00:00', '2026-01-06T00:00:00'))).toEqual(['2026-01-05T14:00:00Z', '2026-01-05T15:00:00Z', '2026-01-05T16:00:00Z']);
    expect(starts(base([user], '2026-01-05T00:00:00', '2026-01-06T00:00:00', { durationInMinutes: 90 }))).toEqual(['2026-01-05T14:00:00Z', '2026-01-05T15:30:00Z']);
    expect(computeAvailability(base([user], '2026-01-05T00:00:00', '2026-01-06T00:00:00', { durationInMinutes: 90 }))[0]).toEqual({
      startTimeInMS: utc('2026-01-05T14:00:00'),
      userId: 'a',
      durationInMinutes: 90,
    });
    // The same wall-clock hours in Tokyo (UTC+9) fall on Monday 00:00-03:00 UTC.
    expect(starts(base([{ ...user, timezone: 'Asia/Tokyo' }], '2026-01-05T00:00:00', '2026-01-06T00:00:00'))).toEqual([
      '2026-01-05T00:00:00Z',
      '2026-01-05T01:00:00Z',
      '2026-01-05T02:00:00Z',
    ]);
  });

  test('daylight-saving days: the same wall-clock hours move by an hour in UTC; a window across the change is shorter or longer', () => {
    const user = { id: 'a', timezone: 'America/New_York', weeklyAvailabilities: [day(SUNDAY, 540, 660), day(SUNDAY, 0, 240)] };
    // 2026-03-01: EST (UTC-5). 2026-03-08: clocks go forward at 02:00 (EDT, UTC-4).
    expect(starts(base([user], '2026-03-01T00:00:00', '2026-03-02T00:00:00'))).toEqual([
      '2026-03-01T05:00:00Z',
      '2026-03-01T06:00:00Z',
      '2026-03-01T07:00:00Z',
      '2026-03-01T08:00:00Z',
      '2026-03-01T14:00:00Z',
      '2026-03-01T15:00:00Z',
    ]);
    // 00:00 EST to 04:00 EDT is three real hours.
    expect(starts(base([user], '2026-03-08T00:00:00', '2026-03-09T00:00:00'))).toEqual([
      '2026-03-08T05:00:00Z',
      '2026-03-08T06:00:00Z',
      '2026-03-08T07:00:00Z',
      '2026-03-08T13:00:00Z',
      '2026-03-08T14:00:00Z',
    ]);
    // 2026-11-01: clocks go back at 02:00; 00:00 EDT to 04:00 EST is five real hours.
    expect(starts(base([user], '2026-11-01T00:00:00', '2026-11-02T00:00:00'))).toEqual([
      '2026-11-01T04:00:00Z',
      '2026-11-01T05:00:00Z',
      '2026-11-01T06:00:00Z',
      '2026-11-01T07:00:00Z',
      '2026-11-01T08:00:00Z',
      '2026-11-01T14:00:00Z',
      '2026-11-01T15:00:00Z',
    ]);
    // Europe changes on another Sunday (2026-03-29): 09:00 CET is 08:00Z before, 09:00 CEST is 07:00Z after.
    const paris = { id: 'p', timezone: 'Europe/Paris', weeklyAvailabilities: [day(SUNDAY, 540, 600)] };
    expect(starts(base([paris], '2026-03-22T00:00:00', '2026-03-30T00:00:00'))).toEqual(['2026-03-22T08:00:00Z', '2026-03-29T07:00:00Z']);
  });

  test('availability blocks and weekly availabilities combine; overlapping windows give each slot once', () => {
    const user = {
      id: 'a',
      timezone: 'UTC',
      weeklyAvailabilities: [day(MONDAY, 540, 660)],
      blocks: [day(MONDAY, 600, 720), day(MONDAY, 840, 900), day(MONDAY, 900, 960, { active: false })],
    };
    expect(starts(base([user], '2026-01-05T00:00:00', '2026-01-06T00:00:00'))).toEqual([
      '2026-01-05T09:00:00Z',
      '2026-01-05T10:00:00Z',
      '2026-01-05T11:00:00Z',
      '2026-01-05T14:00:00Z',
    ]);
  });

  test('busy events (with the template buffers) remove the slots they overlap, for their user only', () => {
    const a = { id: 'a', timezone: 'UTC', weeklyAvailabilities: [day(MONDAY, 540, 780)] };
    const b = { id: 'b', timezone: 'UTC', weeklyAvailabilities: [day(MONDAY, 540, 600)] };
    const busy = [
      { userId: 'a', startTimeInMS: utc('2026-01-05T10:30:00'), durationInMinutes: 30 },
      { userId: 'a', startTimeInMS: utc('2026-01-05T12:00:00'), durationInMinutes: 15 },
    ];
    expect(starts(base([a, b], '2026-01-05T00:00:00', '2026-01-06T00:00:00', { busy }))).toEqual(['2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z', '2026-01-05T11:00:00Z']);
    const slots = computeAvailability(base([a, b], '2026-01-05T00:00:00', '2026-01-06T00:00:00', { busy }));
    expect(slots.map((slot) => slot.userId)).toEqual(['a', 'b', 'a']);
    // A 30-minute buffer after events also takes 11:00.
    expect(starts(base([a], '2026-01-05T00:00:00', '2026-01-06T00:00:00', { busy, bufferEndMinutes: 30 }))).toEqual(['2026-01-05T09:00:00Z']);
  });

  test('the booking page dates, the query window and now bound the slots', () => {
    const user = { id: 'a', timezone: 'UTC', weeklyAvailabilities: [0, 1, 2, 3, 4, 5, 6].map((d) => day(d, 540, 600)) };
    const page = { startDate: '2026-01-07T00:00:00.000Z', endDate: new Date('2026-01-09T09:30:00Z') };
    expect(starts(base([user], '2026-01-05T00:00:00', '2026-01-12T00:00:00', { page }))).toEqual(['2026-01-07T09:00:00Z', '2026-01-08T09:00:00Z']);
    expect(starts(base([user], '2026-01-05T09:00:01', '2026-01-07T09:00:00'))).toEqual(['2026-01-06T09:00:00Z']);
    expect(starts(base([user], '2026-01-05T00:00:00', '2026-01-08T00:00:00', { now: utc('2026-01-06T12:00:00') }))).toEqual(['2026-01-07T09:00:00Z']);
  });

  test('the location filter keeps windows at that location and windows without one', () => {
    const user = {
      id: 'a',
      timezone: 'UTC',
      weeklyAvailabilities: [day(MONDAY, 540, 600, { locationId: 'north' }), day(MONDAY, 600, 660, { locationId: 'south' }), day(MONDAY, 660, 720)],
    };
    const window = ['2026-01-05T00:00:00', '2026-01-06T00:00:00'] as const;
    expect(starts(base([user], ...window, { locationId: 'north' }))).toEqual(['2026-01-05T09:00:00Z', '2026-01-05T11:00:00Z']);
    expect(starts(base([user], ...window, { locationId: 'south' }))).toEqual(['2026-01-05T10:00:00Z', '2026-01-05T11:00:00Z']);
    expect(starts(base([user], ...window))).toHaveLength(3);
  });

  test('restrictedByState offers only users credentialed (and unexpired) in the enduser state', () => {
    const hours = [day(MONDAY, 540, 600)];
    const ca = { id: 'ca', timezone: 'UTC', weeklyAvailabilities: hours, credentialedStates: [{ state: 'CA' }] };
    const expired = { id: 'old', timezone: 'UTC', weeklyAvailabilities: hours, credentialedStates: [{ state: 'CA', expiresAt: '2025-12-31T00:00:00.000Z' }] };
    const ny = { id: 'ny', timezone: 'UTC', weeklyAvailabilities: hours, credentialedStates: [{ state: 'NY', expiresAt: new Date('2027-01-01T00:00:00Z') }] };
    const window = ['2026-01-05T00:00:00', '2026-01-06T00:00:00'] as const;
    const users = (input: Partial<AvailabilityInput>) => computeAvailability(base([ca, expired, ny], ...window, input)).map((slot) => slot.userId);
    expect(users({ restrictedByState: true, state: 'CA' })).toEqual(['ca']);
    expect(users({ restrictedByState: true, state: 'NY' })).toEqual(['ny']);
    expect(users({ restrictedByState: true })).toEqual([]);
    expect(users({ state: 'CA' })).toEqual(['ca', 'ny', 'old']);
  });

  test('a user without a valid time zone is read in the default zone, else UTC', () => {
    const user = { id: 'a', timezone: 'Not/AZone', weeklyAvailabilities: [day(MONDAY, 540, 600)] };
    const window = ['2026-01-05T00:00:00', '2026-01-06T00:00:00'] as const;
    expect(starts(base([user], ...window))).toEqual(['2026-01-05T09:00:00Z']);
    expect(starts(base([user], ...window, { defaultTimezone: 'America/Chicago' }))).toEqual(['2026-01-05T15:00:00Z']);
  });

  test('a 30-day window over 20 users is capped at 1,000 slots, earliest first', () => {
    const users = Array.from({ length: 20 }, (_, index) => ({
      id: `user-${String(index).padStart(2, '0')}`,
      timezone: index % 2 ? 'America/Los_Angeles' : 'Europe/Berlin',
      weeklyAvailabilities: [1, 2, 3, 4, 5].map((d) => day(d, 480, 1020)),
    }));
    const from = utc('2026-03-01T00:00:00');
    const input = { users, busy: [], durationInMinutes: 30, from, to: from + 30 * 86_400_000 };
    const started = performance.now();
    const slots = computeAvailability({ ...input, limit: 5000 });
    const elapsed = performance.now() - started;
    expect(slots).toHaveLength(1000);
    expect(slots.every((slot, i) => i === 0 || slots[i - 1].startTimeInMS <= slot.startTimeInMS)).toBe(true);
    expect(new Set(slots.map((slot) => slot.userId)).size).toBe(20);
    expect(elapsed).toBeLessThan(500);
    expect(computeAvailability({ ...input, limit: 10 })).toHaveLength(10);
    expect(computeAvailability({ ...input, limit: 10 })).toEqual(slots.slice(0, 10));
  });
});

describe('userWindows against plain luxon wall-clock arithmetic', () => {
  test('a year of days in zones with unusual changes (midnight changes, half-hour DST, +5:45) gives the same instants', () => {
    const hours = [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [day(d, 0, 90), day(d, 120, 180), day(d, 540, 1020), day(d, 1380, 1440)]);
    const from = utc('2026-01-01T00:00:00');
    const to = from + 365 * 86_400_000;
    for (const zone of ['America/Santiago', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/New_York', 'Europe/London', 'Pacific/Chatham']) {
      const expected: [number, number][] = [];
      let date = DateTime.fromMillis(from, { zone }).startOf('day').minus({ days: 1 });
      while (date.toMillis() <= to) {
        // A wall-clock time that happens twice (clocks going back) is its first occurrence; one that
        // never happens (clocks going forward) is the moment the clocks jump.
        const at = (minutes: number) => {
          if (minutes === 1440) return date.plus({ days: 1 }).startOf('day').toMillis();
          const wall = { year: date.year, month: date.month, day: date.day, hour: Math.floor(minutes / 60), minute: minutes % 60 };
          let instant = DateTime.fromObject(wall, { zone }).toMillis();
          const local = DateTime.fromMillis(instant, { zone });
          if (local.hour !== wall.hour || local.minute !== wall.minute) {
            // Walk back minute by minute while the minute before is still at or after the wanted wall clock.
            const wanted = wall.hour * 60 + wall.minute;
            const minuteOfDay = (ms: number) => {
              const d = DateTime.fromMillis(ms, { zone });
              return d.day === wall.day ? d.hour * 60 + d.minute : -1;
            };
            while (minuteOfDay(instant - 60_000) >= wanted) instant -= 60_000;
            return instant;
          }
          for (const earlier of [3_600_000, 1_800_000]) {
            const other = DateTime.fromMillis(instant - earlier, { zone });
            if (other.day === wall.day && other.hour === wall.hour && other.minute === wall.minute) instant -= earlier;
          }
          return instant;
        };
        for (const w of hours.filter((h) => h.dayOfWeekStartingSundayIndexedByZero === date.weekday % 7)) expected.push([at(w.startTimeInMinutes), at(w.endTimeInMinutes)]);
        date = date.plus({ days: 1 }).startOf('day');
      }
      const merged: [number, number][] = [];
      for (const [s, e] of expected.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0])) {
        const last = merged[merged.length - 1];
        if (last && s <= last[1]) last[1] = Math.max(last[1], e);
        else merged.push([s, e]);
      }
      expect({ zone, windows: userWindows({ id: 'a', timezone: zone, weeklyAvailabilities: hours }, { from, to }) }).toEqual({ zone, windows: merged });
    }
  });
});

describe('isSlotAvailable', () => {
  const user = { id: 'a', timezone: 'UTC', weeklyAvailabilities: [day(MONDAY, 540, 660)] };
  const input = { users: [user], busy: [], durationInMinutes: 60 };
  test('only an offered start of that user is available', () => {
    expect(isSlotAvailable(input, 'a', utc('2026-01-05T10:00:00'))).toBe(true);
    expect(isSlotAvailable(input, 'a', utc('2026-01-05T10:30:00'))).toBe(false);
    expect(isSlotAvailable(input, 'a', utc('2026-01-05T11:00:00'))).toBe(false);
    expect(isSlotAvailable(input, 'b', utc('2026-01-05T10:00:00'))).toBe(false);
    expect(isSlotAvailable({ ...input, busy: [{ userId: 'a', startTimeInMS: utc('2026-01-05T10:45:00'), durationInMinutes: 5 }] }, 'a', utc('2026-01-05T10:00:00'))).toBe(false);
  });
});

describe('daylight-saving changes in New York and Berlin (literal UTC instants)', () => {
  const hours = (timezone: string, windows: WeeklyWindow[]) => ({ id: 'a', timezone, weeklyAvailabilities: windows });

  test('New York, spring forward (Sunday 2026-03-08, 02:00 EST becomes 03:00 EDT)', () => {
    const week = (user: AvailabilityUser) => starts(base([user], '2026-03-01T00:00:00', '2026-03-16T00:00:00'));
    // 09:00-10:00 is 14:00Z before the change, 13:00Z on the day and after.
    expect(week(hours('America/New_York', [day(SUNDAY, 540, 600)]))).toEqual(['2026-03-01T14:00:00Z', '2026-03-08T13:00:00Z', '2026-03-15T13:00:00Z']);
    const onTheDay = (windows: WeeklyWindow[], duration = 60) =>
      starts(base([hours('America/New_York', windows)], '2026-03-08T00:00:00', '2026-03-09T00:00:00', { durationInMinutes: duration }));
    // 01:00-04:00 spans the skipped hour: 01:00 EST (06:00Z) to 04:00 EDT (08:00Z), two real hours.
    expect(onTheDay([day(SUNDAY, 60, 240)])).toEqual(['2026-03-08T06:00:00Z', '2026-03-08T07:00:00Z']);
    // Hours starting in the skipped hour start when the clocks jump (03:00 EDT, 07:00Z) ...
    expect(onTheDay([day(SUNDAY, 150, 240)], 30)).toEqual(['2026-03-08T07:00:00Z', '2026-03-08T07:30:00Z']);
    // ... and hours ending in it end then: 01:00-02:30 is one real hour.
    expect(onTheDay([day(SUNDAY, 60, 150)], 30)).toEqual(['2026-03-08T06:00:00Z', '2026-03-08T06:30:00Z']);
    expect(onTheDay([day(SUNDAY, 120, 180)])).toEqual([]);
  });

  test('New York, fall back (Sunday 2026-11-01, 02:00 EDT becomes 01:00 EST)', () => {
    const week = (user: AvailabilityUser) => starts(base([user], '2026-10-25T00:00:00', '2026-11-09T00:00:00'));
    expect(week(hours('America/New_York', [day(SUNDAY, 540, 600)]))).toEqual(['2026-10-25T13:00:00Z', '2026-11-01T14:00:00Z', '2026-11-08T14:00:00Z']);
    const onTheDay = (windows: WeeklyWindow[]) => starts(base([hours('America/New_York', windows)], '2026-11-01T00:00:00', '2026-11-02T00:00:00'));
    // 00:00-03:00 spans the repeated hour: 00:00 EDT (04:00Z) to 03:00 EST (08:00Z), four real hours.
    expect(onTheDay([day(SUNDAY, 0, 180)])).toEqual(['2026-11-01T04:00:00Z', '2026-11-01T05:00:00Z', '2026-11-01T06:00:00Z', '2026-11-01T07:00:00Z']);
    // 01:30 happens twice: hours start at its first occurrence (01:30 EDT, 05:30Z) and run to 02:30 EST (07:30Z).
    expect(onTheDay([day(SUNDAY, 90, 150)])).toEqual(['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z']);
  });

  test('Berlin, spring forward (Sunday 2026-03-29, 02:00 CET becomes 03:00 CEST)', () => {
    const week = (user: AvailabilityUser) => starts(base([user], '2026-03-22T00:00:00', '2026-04-06T00:00:00'));
    expect(week(hours('Europe/Berlin', [day(SUNDAY, 540, 600)]))).toEqual(['2026-03-22T08:00:00Z', '2026-03-29T07:00:00Z', '2026-04-05T07:00:00Z']);
    const onTheDay = (windows: WeeklyWindow[], duration = 60) =>
      starts(base([hours('Europe/Berlin', windows)], '2026-03-28T22:00:00', '2026-03-29T22:00:00', { durationInMinutes: duration }));
    // 01:00-04:00: 01:00 CET (00:00Z) to 04:00 CEST (02:00Z).
    expect(onTheDay([day(SUNDAY, 60, 240)])).toEqual(['2026-03-29T00:00:00Z', '2026-03-29T01:00:00Z']);
    // 02:30-03:30 is only 03:00-03:30 CEST that night.
    expect(onTheDay([day(SUNDAY, 150, 210)], 30)).toEqual(['2026-03-29T01:00:00Z']);
    // Midnight to 09:00 is eight real hours.
    expect(onTheDay([day(SUNDAY, 0, 540)], 60)).toHaveLength(8);
  });

  test('Berlin, fall back (Sunday 2026-10-25, 03:00 CEST becomes 02:00 CET)', () => {
    const week = (user: AvailabilityUser) => starts(base([user], '2026-10-18T00:00:00', '2026-11-02T00:00:00'));
    expect(week(hours('Europe/Berlin', [day(SUNDAY, 540, 600)]))).toEqual(['2026-10-18T07:00:00Z', '2026-10-25T08:00:00Z', '2026-11-01T08:00:00Z']);
    const onTheDay = (windows: WeeklyWindow[]) => starts(base([hours('Europe/Berlin', windows)], '2026-10-24T22:00:00', '2026-10-25T23:00:00'));
    // 01:00-04:00 spans the repeated hour: 01:00 CEST (23:00Z the day before) to 04:00 CET (03:00Z), four real hours.
    expect(onTheDay([day(SUNDAY, 60, 240)])).toEqual(['2026-10-24T23:00:00Z', '2026-10-25T00:00:00Z', '2026-10-25T01:00:00Z', '2026-10-25T02:00:00Z']);
    // 02:30 happens twice: from its first occurrence (02:30 CEST, 00:30Z) to 03:30 CET (02:30Z).
    expect(onTheDay([day(SUNDAY, 150, 210)])).toEqual(['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']);
  });

  test('a slot across the change is booked as offered (isSlotAvailable)', () => {
    const input = { users: [hours('Europe/Berlin', [day(SUNDAY, 60, 240)])], busy: [], durationInMinutes: 60 };
    expect(isSlotAvailable(input, 'a', utc('2026-10-25T02:00:00'))).toBe(true);
    expect(isSlotAvailable(input, 'a', utc('2026-10-25T03:00:00'))).toBe(false);
    expect(isSlotAvailable(input, 'a', utc('2026-03-29T01:00:00'))).toBe(true);
    expect(isSlotAvailable(input, 'a', utc('2026-03-29T02:00:00'))).toBe(false);
  });
});

describe('whose clock the hours are read on: staff member, location, organization', () => {
  const window = ['2026-01-05T00:00:00', '2026-01-06T00:00:00'] as const;
  // Monday 09:00-10:00 at a Los Angeles location (UTC-8 in January), and 12:00-13:00 with no location.
  const weeklyAvailabilities = [day(MONDAY, 540, 600, { locationId: 'la' }), day(MONDAY, 720, 780)];
  const locationTimezones = { la: 'America/Los_Angeles', nowhere: undefined };

  test('the staff member’s own zone wins over the location’s and the organization’s', () => {
    const user = { id: 'a', timezone: 'America/New_York', organizationTimezone: 'Europe/Berlin', weeklyAvailabilities };
    expect(starts(base([user], ...window, { locationTimezones, defaultTimezone: 'Asia/Tokyo' }))).toEqual(['2026-01-05T14:00:00Z', '2026-01-05T17:00:00Z']);
    expect(usersWithoutTimezone({ users: [user], locationTimezones })).toEqual([]);
  });

  test('without one, hours naming a location are on the location’s clock; the others on the organization’s', () => {
    const user = { id: 'a', weeklyAvailabilities };
    // 09:00 Los Angeles is 17:00Z; 12:00 Chicago (the organization) is 18:00Z.
    expect(starts(base([{ ...user, organizationTimezone: 'America/Chicago' }], ...window, { locationTimezones }))).toEqual(['2026-01-05T17:00:00Z', '2026-01-05T18:00:00Z']);
    // The staff member's own organization comes before the business root's.
    expect(starts(base([{ ...user, organizationTimezone: 'America/Chicago' }], ...window, { locationTimezones, defaultTimezone: 'Europe/Berlin' }))).toEqual([
      '2026-01-05T17:00:00Z',
      '2026-01-05T18:00:00Z',
    ]);
    // Without an organization zone of their own, the root's (defaultTimezone): 12:00 Berlin is 11:00Z.
    expect(starts(base([user], ...window, { locationTimezones, defaultTimezone: 'Europe/Berlin' }))).toEqual(['2026-01-05T11:00:00Z', '2026-01-05T17:00:00Z']);
    // A location without a (valid) zone falls through to the organization.
    const elsewhere = { id: 'a', weeklyAvailabilities: [day(MONDAY, 540, 600, { locationId: 'nowhere' })] };
    expect(starts(base([elsewhere], ...window, { locationTimezones, defaultTimezone: 'Europe/Berlin' }))).toEqual(['2026-01-05T08:00:00Z']);
    expect(usersWithoutTimezone({ users: [user, elsewhere], locationTimezones, defaultTimezone: 'Europe/Berlin' })).toEqual([]);
  });

  test('with no zone anywhere the hours are read in UTC, and the user is named as such', () => {
    const user = { id: 'a', timezone: 'Not/AZone', weeklyAvailabilities };
    const located = { id: 'b', weeklyAvailabilities: [day(MONDAY, 540, 600, { locationId: 'la' })] };
    const inactive = { id: 'c', weeklyAvailabilities: [day(MONDAY, 540, 600, { active: false })] };
    const blocksOnly = { id: 'd', blocks: [day(MONDAY, 540, 600)] };
    // The located window is on Los Angeles' clock; the other is UTC.
    expect(starts(base([user], ...window, { locationTimezones }))).toEqual(['2026-01-05T12:00:00Z', '2026-01-05T17:00:00Z']);
    expect(usersWithoutTimezone({ users: [user, located, inactive, blocksOnly], locationTimezones })).toEqual(['a', 'd']);
  });

  test('a daylight-saving change follows the clock the hours are read on', () => {
    // No zone of their own: hours at the Los Angeles location move on 2026-03-08 (PST to PDT), those without a location on the Berlin organization's 2026-03-29.
    const user = { id: 'a', organizationTimezone: 'Europe/Berlin', weeklyAvailabilities: [day(SUNDAY, 540, 600, { locationId: 'la' }), day(SUNDAY, 720, 780)] };
    expect(starts(base([user], '2026-03-01T00:00:00', '2026-03-30T00:00:00', { locationTimezones }))).toEqual([
      '2026-03-01T11:00:00Z',
      '2026-03-01T17:00:00Z',
      '2026-03-08T11:00:00Z',
      '2026-03-08T16:00:00Z',
      '2026-03-15T11:00:00Z',
      '2026-03-15T16:00:00Z',
      '2026-03-22T11:00:00Z',
      '2026-03-22T16:00:00Z',
      '2026-03-29T10:00:00Z',
      '2026-03-29T16:00:00Z',
    ]);
  });

  test('hoursZone and nearestOrganizationZone', () => {
    expect(hoursZone({ userTimezone: 'America/New_York', locationTimezones: { x: 'Europe/Berlin' } }, 'x')).toEqual({ zone: 'America/New_York', source: 'user' });
    expect(hoursZone({ locationTimezones: { x: 'Europe/Berlin' }, organizationTimezone: 'Asia/Tokyo' }, 'x')).toEqual({ zone: 'Europe/Berlin', source: 'location' });
    expect(hoursZone({ locationTimezones: { x: 'Europe/Berlin' }, organizationTimezone: 'Asia/Tokyo' })).toEqual({ zone: 'Asia/Tokyo', source: 'organization' });
    expect(hoursZone({ defaultTimezone: 'Asia/Tokyo' }, 'x')).toEqual({ zone: 'Asia/Tokyo', source: 'organization' });
    expect(hoursZone({ userTimezone: '', defaultTimezone: 'nope' })).toEqual({ zone: 'UTC', source: 'none' });
    const zones = new Map([
      ['north', 'America/Chicago'],
      ['north-east', undefined],
      ['south', 'bad'],
    ]);
    expect(nearestOrganizationZone(['north', 'north-east'], zones)).toBe('America/Chicago');
    expect(nearestOrganizationZone(['south'], zones)).toBeUndefined();
    expect(nearestOrganizationZone([], zones)).toBeUndefined();
  });
});
