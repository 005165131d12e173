import { localTime } from '@carelane/automation';
import type { CalendarItem } from './appointment-items';
import type { CalendarDay } from './calendar-range';

/** Where an item sits in a day's column: minutes from the day's wall-clock midnight, and its lane among overlapping ones. */
export interface PlacedItem {
  item: CalendarItem;
  top: number;
  bottom: number;
  lane: number;
  lanes: number;
}

const DAY_MINUTES = 24 * 60;

/** Minutes since the day's midnight on the viewer's clock (0 before the day, 24 h after it). */
const minuteOfDay = (at: number, day: CalendarDay, timeZone: string) => {
  if (at <= day.start) return 0;
  if (at >= day.end) return DAY_MINUTES;
  const local = localTime(at, timeZone);
  return local.hour * 60 + local.minute;
};

/**
 * Lays out a column's items: each overlapping group shares the width in lanes (first free lane,
 * earliest first), as calendars commonly do; a short item keeps a readable height.
 */
export const placeItems = (items: CalendarItem[], day: CalendarDay, timeZone: string, minimumMinutes = 20): PlacedItem[] => {
  const placed = items
    .filter((item) => item.end > day.start && item.start < day.end)
    .map((item) => {
      const top = minuteOfDay(item.start, day, timeZone);
      const bottom = Math.max(minuteOfDay(item.end, day, timeZone), top + minimumMinutes);
      return { item, top, bottom, lane: 0, lanes: 1 };
    })
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom);
  let group: typeof placed = [];
  let groupEnd = -1;
  const closeGroup = () => {
    const lanes = Math.max(1, ...group.map((entry) => entry.lane + 1));
    for (const entry of group) entry.lanes = lanes;
    group = [];
  };
  for (const entry of placed) {
    if (entry.top >= groupEnd) {
      closeGroup();
      groupEnd = -1;
    }
    const taken = new Set(group.filter((other) => other.bottom > entry.top).map((other) => other.lane));
    let lane = 0;
    while (taken.has(lane)) lane += 1;
    entry.lane = lane;
    group.push(entry);
    groupEnd = Math.max(groupEnd, entry.bottom);
  }
  closeGroup();
  return placed;
};

/** The hours the grid shows: a working day (7 to 19), widened to whatever the items need. */
export const visibleHours = (placed: PlacedItem[], defaults = { from: 7, to: 19 }) => {
  const from = Math.min(defaults.from, ...placed.map((entry) => Math.floor(entry.top / 60)));
  const to = Math.max(defaults.to, ...placed.map((entry) => Math.ceil(entry.bottom / 60)));
  return { from: Math.max(0, from), to: Math.min(24, to) };
};
