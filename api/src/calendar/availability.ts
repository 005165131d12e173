import { DateTime, IANAZone } from 'luxon';
import { FALLBACK_TIMEZONE, hoursZone, validZone, type HoursZoneContext } from './hours-zone';
import { activeSpan, type ActiveSetting } from './active-span';

export { FALLBACK_TIMEZONE, validZone };

/**
 * Bookable slots, computed from plain data (no database, no clock): the caller loads users, their
 * availability blocks and busy events, and passes `now` if it wants past slots dropped. Everything is
 * in absolute milliseconds except the weekly hours, which are wall-clock minutes on the clock
 * hoursZone (hours-zone.ts) picks for each window: the user's, the location's, the organization's
 * (luxon resolves them per calendar day, so daylight-saving days have 23 or 25 hours).
 */

export const MAX_AVAILABILITY_SLOTS = 1000;
export const MAX_AVAILABILITY_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** One weekly window: users.weeklyAvailabilities entries and availability_blocks records share this shape. */
export interface WeeklyWindow {
  dayOfWeekStartingSundayIndexedByZero: number;
  startTimeInMinutes: number;
  endTimeInMinutes: number;
  /** Only on users' weeklyAvailabilities: the window is offered at this location only. */
  locationId?: string;
  /** False pauses the window; a date range limits it to those dates (active-span.ts). */
  active?: ActiveSetting;
  /** Only on availability blocks: an exception for this one calendar day (YYYY-MM-DD on the hours' clock), not a weekly window. */
  date?: string;
  /** Only on availability blocks: time off, taken away from the hours (a day off is 0 to 1440). */
  unavailable?: boolean;
}

export interface AvailabilityUser {
  id: string;
  timezone?: string;
  /** The zone of the user's own organization, else the nearest above it with one (not the root's: defaultTimezone). */
  organizationTimezone?: string;
  weeklyAvailabilities?: WeeklyWindow[];
  /** The user's availability_blocks (entity 'user', entityId = id). */
  blocks?: WeeklyWindow[];
  credentialedStates?: { state: string; expiresAt?: Date | string | null }[];
}

export interface BusyInterval {
  userId: string;
  startTimeInMS: number;
  durationInMinutes: number;
}

export interface AvailabilityInput {
  users: AvailabilityUser[];
  busy: BusyInterval[];
  durationInMinutes: number;
  from: number;
  to: number;
  limit?: number;
  /** Slot starts every this many minutes from each window's start (default: the duration). */
  intervalInMinutes?: number;
  /** Only windows at this location (windows without a location are offered everywhere). */
  locationId?: string;
  /** The booking page's dates: a slot starts at or after startDate and ends by endDate. */
  page?: { startDate?: Date | string | null; endDate?: Date | string | null };
  /** When set, only users credentialed (unexpired) in `state` are offered; no state means nobody. */
  restrictedByState?: boolean;
  state?: string;
  /** Time kept free around busy events (the template's buffers). */
  bufferStartMinutes?: number;
  bufferEndMinutes?: number;
  /** Slots starting before this are dropped. */
  now?: number;
  /** The business root's zone, for users without their own, their location's or their organization's. */
  defaultTimezone?: string;
  /** appointment_locations.timezone by id, for hours naming a location. */
  locationTimezones?: Readonly<Record<string, string | undefined>>;
}

export interface AvailabilitySlot {
  startTimeInMS: number;
  userId: string;
  durationInMinutes: number;
}

const MINUTE = 60_000;

type ZoneInput = Pick<AvailabilityInput, 'defaultTimezone' | 'locationTimezones'>;

const zoneContext = (user: AvailabilityUser, input: ZoneInput): HoursZoneContext => ({
  userTimezone: user.timezone,
  organizationTimezone: user.organizationTimezone,
  defaultTimezone: input.defaultTimezone,
  locationTimezones: input.locationTimezones,
});

const toMs = (value: Date | string | null | undefined) => {
  if (value === undefined || value === null || value === '') return undefined;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
};

/** Luxon numbers weekdays 1 (Monday) to 7 (Sunday); the spec's days are 0 (Sunday) to 6. */
const sundayIndexed = (date: DateTime) => date.weekday % 7;

/**
 * The instant of `minutes` after local midnight of `day` (1440 is the next midnight), in `day`'s zone.
 * A wall-clock time the clocks repeat (going back) is its first occurrence; one they skip (going
 * forward) is the moment they jump, so hours ending at 02:30 on a night 02:00-03:00 is skipped end at
 * the jump, not half an hour into the new time.
 */
const wallClock = (day: DateTime, minutes: number) => {
  if (minutes >= 1440) return day.plus({ days: 1 }).startOf('day').toMillis();
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const local = day.set({ hour, minute, second: 0, millisecond: 0 });
  if (local.hour === hour && local.minute === minute) return local.toMillis();
  // Skipped: luxon read it with the offset before the jump, which lies less than a few hours earlier.
  // The jump is the first instant whose wall clock reaches the time asked for.
  const wanted = Date.UTC(day.year, day.month - 1, day.day) + minutes * MINUTE;
  const wall = (at: number) => at + day.zone.offset(at) * MINUTE;
  let lo = local.toMillis() - 4 * 3_600_000;
  let hi = local.toMillis();
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wall(mid) >= wanted) hi = mid;
    else lo = mid;
  }
  return hi;
};

/** Sorted, merged [start, end) intervals. */
const merge = (intervals: [number, number][]) => {
  const sorted = intervals.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
};

const isCredentialed = (user: AvailabilityUser, state: string | undefined, at: number) =>
  state !== undefined &&
  (user.credentialedStates ?? []).some((credential) => {
    if (credential.state.toUpperCase() !== state.toUpperCase()) return false;
    const expiresAt = toMs(credential.expiresAt);
    return expiresAt === undefined || expiresAt > at;
  });

/** One local calendar day: its first instant, its date as a UTC-based wall clock, and the zone's offset then. */
type LocalDay = { weekday: number; midnight: number; wall: number; offset: number; key: string };

const DAY_MS = 86_400_000;

/**
 * Local days and wall-clock instants per zone, shared by the users of one computation. Luxon's zone
 * arithmetic is the costly part, so it is used only where the offset changes (daylight-saving days,
 * days without a midnight); elsewhere an instant is the day's wall clock minus the offset, checked
 * against the zone's offset at that instant.
 */
export class ZoneCalendar {
  private readonly days = new Map<string, LocalDay[]>();
  private readonly instants = new Map<string, number>();

  constructor(private readonly from: number, private readonly to: number) {}

  /** From the local day before `from` (a window may start before `from` and still overlap it) to the day of `to`. */
  daysIn(zoneName: string) {
    let list = this.days.get(zoneName);
    if (list) return list;
    list = [];
    const zone = IANAZone.create(zoneName);
    const first = DateTime.fromMillis(this.from, { zone }).startOf('day').minus({ days: 1 });
    const weekday0 = sundayIndexed(first);
    let midnight = first.toMillis();
    let wall = Date.UTC(first.year, first.month - 1, first.day);
    let offset = zone.offset(midnight);
    for (let i = 0; midnight <= this.to; i++) {
      list.push({ weekday: (weekday0 + i) % 7, midnight, wall, offset, key: `${zoneName}|${i}` });
      const guess = wall + DAY_MS - offset * MINUTE;
      if (zone.offset(guess) === offset) midnight = guess;
      else {
        midnight = DateTime.fromMillis(midnight, { zone }).plus({ days: 1 }).startOf('day').toMillis();
        offset = zone.offset(midnight);
      }
      wall += DAY_MS;
    }
    this.days.set(zoneName, list);
    return list;
  }

  instant(zoneName: string, entry: LocalDay, minutes: number) {
    const key = `${entry.key}|${minutes}`;
    let value = this.instants.get(key);
    if (value === undefined) {
      const guess = entry.wall + minutes * MINUTE - entry.offset * MINUTE;
      value = IANAZone.create(zoneName).offset(guess) === entry.offset ? guess : wallClock(DateTime.fromMillis(entry.midnight, { zone: zoneName }), minutes);
      this.instants.set(key, value);
    }
    return value;
  }
}

const activeWindows = (user: AvailabilityUser) =>
  [...(user.weeklyAvailabilities ?? []), ...(user.blocks ?? [])].filter((w) => activeSpan(w.active) !== undefined && w.endTimeInMinutes > w.startTimeInMinutes);

/** A local day's calendar date (YYYY-MM-DD): its wall clock is midnight UTC of that date. */
const dateOf = (entry: LocalDay) => new Date(entry.wall).toISOString().slice(0, 10);

/** Windows in [from, to) as absolute intervals, each on its own clock: weekly ones on their weekday, dated ones on their day. */
const windowIntervals = (windows: WeeklyWindow[], context: HoursZoneContext, calendar: ZoneCalendar) => {
  // zone -> windows; nearly always one zone.
  const byZone = new Map<string, WeeklyWindow[]>();
  for (const window of windows) {
    const { zone } = hoursZone(context, window.locationId);
    byZone.set(zone, [...(byZone.get(zone) ?? []), window]);
  }
  const intervals: [number, number][] = [];
  for (const [zone, list] of byZone) {
    for (const entry of calendar.daysIn(zone)) {
      const date = list.some((window) => window.date) ? dateOf(entry) : undefined;
      for (const window of list) {
        const applies = window.date ? window.date === date : window.dayOfWeekStartingSundayIndexedByZero === entry.weekday;
        if (!applies) continue;
        // Within the window's active dates only.
        const [activeFrom, activeTo] = activeSpan(window.active)!;
        const start = Math.max(calendar.instant(zone, entry, window.startTimeInMinutes), activeFrom);
        const end = Math.min(calendar.instant(zone, entry, window.endTimeInMinutes), activeTo);
        if (start < end) intervals.push([start, end]);
      }
    }
  }
  return merge(intervals);
};

/** `offered` minus `off`, both sorted and merged. */
const subtract = (offered: [number, number][], off: [number, number][]) => {
  const result: [number, number][] = [];
  for (const [start, end] of offered) {
    let from = start;
    for (const [offStart, offEnd] of off) {
      if (offEnd <= from || offStart >= end) continue;
      if (offStart > from) result.push([from, offStart]);
      from = Math.max(from, offEnd);
    }
    if (from < end) result.push([from, end]);
  }
  return result;
};

/**
 * The user's offered windows in [from, to) as absolute, merged intervals, each window on its own clock
 * (hoursZone): the weekly hours and dated extra hours, less the dated (or weekly) time off.
 */
export const userWindows = (
  user: AvailabilityUser,
  input: Pick<AvailabilityInput, 'from' | 'to' | 'locationId' | 'defaultTimezone' | 'locationTimezones'>,
  calendar = new ZoneCalendar(input.from, input.to),
) => {
  const context = zoneContext(user, input);
  // Availability blocks name no location, so they are offered at every one.
  const windows = activeWindows(user).filter((w) => !input.locationId || !w.locationId || w.locationId === input.locationId);
  const offered = windows.filter((w) => !w.unavailable);
  if (offered.length === 0) return [];
  const off = windows.filter((w) => w.unavailable);
  const intervals = windowIntervals(offered, context, calendar);
  return off.length ? subtract(intervals, windowIntervals(off, context, calendar)) : intervals;
};

/**
 * Users with active hours that no zone applies to (hoursZone's 'none': read in UTC), whatever the
 * location asked for: their configuration needs a zone, so the caller reports them.
 */
export const usersWithoutTimezone = (input: Pick<AvailabilityInput, 'users' | 'defaultTimezone' | 'locationTimezones'>) =>
  input.users
    .filter((user) => {
      const context = zoneContext(user, input);
      return activeWindows(user).some((window) => !window.unavailable && hoursZone(context, window.locationId).source === 'none');
    })
    .map((user) => user.id);

/** Free slots of every user, earliest first (ties by user id), at most `limit` (1000). */
export const computeAvailability = (input: AvailabilityInput): AvailabilitySlot[] => {
  const duration = input.durationInMinutes * MINUTE;
  const step = Math.max(1, input.intervalInMinutes ?? input.durationInMinutes) * MINUTE;
  const limit = Math.min(input.limit ?? MAX_AVAILABILITY_SLOTS, MAX_AVAILABILITY_SLOTS);
  if (duration <= 0 || limit <= 0 || input.to <= input.from) return [];
  const pageStart = toMs(input.page?.startDate);
  const pageEnd = toMs(input.page?.endDate);
  const earliest = Math.max(input.from, pageStart ?? -Infinity, input.now ?? -Infinity);
  const latestEnd = pageEnd ?? Infinity;
  const before = (input.bufferStartMinutes ?? 0) * MINUTE;
  const after = (input.bufferEndMinutes ?? 0) * MINUTE;

  const busyByUser = new Map<string, [number, number][]>();
  for (const event of input.busy) {
    const list = busyByUser.get(event.userId) ?? [];
    list.push([event.startTimeInMS - before, event.startTimeInMS + event.durationInMinutes * MINUTE + after]);
    busyByUser.set(event.userId, list);
  }

  const calendar = new ZoneCalendar(input.from, input.to);
  // Each user's starts come out sorted; no user can contribute more than `limit` of them.
  const perUser: { userId: string; starts: number[] }[] = [];
  for (const user of input.users) {
    if (input.restrictedByState && !isCredentialed(user, input.state, Math.max(input.from, input.now ?? -Infinity))) continue;
    const busy = merge(busyByUser.get(user.id) ?? []);
    const starts: number[] = [];
    let b = 0;
    windows: for (const [windowStart, windowEnd] of userWindows(user, input, calendar)) {
      // Slots stay aligned to the window's start, whatever the query's `from`.
      const firstStep = windowStart >= earliest ? 0 : Math.ceil((earliest - windowStart) / step);
      for (let start = windowStart + firstStep * step; start + duration <= windowEnd && start < input.to; start += step) {
        const end = start + duration;
        if (end > latestEnd) break windows;
        while (b < busy.length && busy[b][1] <= start) b++;
        if (b < busy.length && busy[b][0] < end) continue;
        starts.push(start);
        if (starts.length >= limit) break windows;
      }
    }
    if (starts.length) perUser.push({ userId: user.id, starts });
  }
  // Merge the sorted lists, earliest first, ties by user id, stopping at `limit`.
  perUser.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const next = perUser.map(() => 0);
  const slots: AvailabilitySlot[] = [];
  while (slots.length < limit) {
    let best = -1;
    for (let i = 0; i < perUser.length; i++) {
      const start = perUser[i].starts[next[i]];
      if (start !== undefined && (best < 0 || start < perUser[best].starts[next[best]])) best = i;
    }
    if (best < 0) break;
    slots.push({ startTimeInMS: perUser[best].starts[next[best]++], userId: perUser[best].userId, durationInMinutes: input.durationInMinutes });
  }
  return slots;
};

/** Whether `startTimeInMS` is one of `userId`'s offered slots under `input` (booking's check). */
export const isSlotAvailable = (input: Omit<AvailabilityInput, 'from' | 'to' | 'limit'>, userId: string, startTimeInMS: number) =>
  computeAvailability({
    ...input,
    users: input.users.filter((user) => user.id === userId),
    from: startTimeInMS,
    to: startTimeInMS + Math.max(1, input.durationInMinutes) * MINUTE,
    limit: MAX_AVAILABILITY_SLOTS,
  }).some((slot) => slot.startTimeInMS === startTimeInMS);
