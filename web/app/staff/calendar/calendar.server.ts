import { callApi } from '../../api.server';
import { formatIn } from '../../time/format';
import { staffTimeZone } from '../../time/viewer-zone.server';
import { patientName } from '../patient/patient-name';
import type { StaffUser } from '../session.server';
import { itemsOf, type CalendarItem } from './appointment-items';
import { PAGE_SIZE, pageOf, parsePageStart } from './calendar-page';
import { loadStaffChoices, type StaffChoice } from './staff-choices.server';
import { daysOf, dayKey, parseDay, parseView, rangeLabel, shiftDate, type CalendarDay, type CalendarView } from './calendar-range';

type Row = Record<string, unknown> & { id: string };

export type { StaffChoice };

export interface CalendarData {
  view: CalendarView;
  date: string;
  today: string;
  days: CalendarDay[];
  label: string;
  previous: string;
  next: string;
  timeZone: string;
  /** "PST": the zone the times are on, named once at the top. */
  zoneName: string;
  staff: StaffChoice[];
  /** The calendars shown, in the order of the staff list (the viewer's own when none is chosen). */
  shown: StaffChoice[];
  items: CalendarItem[];
  /** Shown staff whose working hours have no time zone (docs/decisions.md, "Availability: whose clock"). */
  withoutTimezone: StaffChoice[];
  /** A busy view shown in parts (calendar-page.ts): where this part begins (after the first) and where the next does. */
  part: { from?: CalendarPartEdge; next?: CalendarPartEdge };
}

/** Where a part of a busy view begins: the instant (?from=) and "Tue, Dec 1, 2:30 PM" on the viewer's clock. */
export interface CalendarPartEdge {
  at: number;
  label: string;
}

/** `userIds[0]=…&userIds[1]=…`: a list in a query string as the api reads it (express's extended parser). */
const listQuery = (name: string, values: string[]) => Object.fromEntries(values.map((value, index) => [`${name}[${index}]`, value]));

/**
 * The shown staff members' events of one part of the view, earliest first: from `from` (or, for the
 * first part, from a day earlier, those still going on at the view's start) to `to`, one more than a
 * part holds so the loader knows whether another follows; with the attending patients the viewer may
 * see, named in the same request (where they were one POST /endusers/bulk-read more).
 */
const loadEvents = (authToken: string, userIds: string[], viewStart: number, from: number | undefined, to: number) =>
  callApi<{ events: Row[]; patients: Row[] }>('/v1/events-for-user', {
    authToken,
    query: {
      ...listQuery('userIds', userIds),
      ...(from === undefined
        ? { from: new Date(viewStart - 86_400_000).toISOString(), endsAfter: new Date(viewStart).toISOString() }
        : { from: new Date(from).toISOString() }),
      to: new Date(to).toISOString(),
      limit: String(PAGE_SIZE + 1),
      withPatients: 'true',
    },
  });

const namesOf = (patients: Row[]) => new Map(patients.map((row) => [row.id, patientName(row as Parameters<typeof patientName>[0])]));

const loadWithoutTimezone = (authToken: string, userIds: string[]) =>
  callApi<{ userIds: string[] }>('/v1/users-without-timezone', { authToken, query: listQuery('userIds', userIds) })
    .then((answer) => answer.userIds)
    .catch(() => [] as string[]);

/**
 * The calendar the address asks for (?view=day|week|month&date=YYYY-MM-DD&staff=id,id), on the
 * viewer's clock: the shown staff members' appointments (events-for-user, read as the viewer, so what
 * they may not see stays hidden) and which of them have hours without a time zone.
 */
export const loadCalendar = async (request: Request, authToken: string, user: StaffUser, now = Date.now()): Promise<CalendarData> => {
  const search = new URL(request.url).searchParams;
  const timeZone = staffTimeZone(request, user);
  const view = parseView(search.get('view'));
  const date = parseDay(search.get('date'), now, timeZone);
  const days = daysOf(view, date, timeZone);
  const staff = await loadStaffChoices(authToken, user);
  const asked = new Set(search.getAll('staff').flatMap((value) => value.split(',')).filter(Boolean));
  const shown = asked.size ? staff.filter((member) => asked.has(member.id)) : staff.filter((member) => member.id === user.id);
  const shownIds = shown.map((member) => member.id);
  const from = days[0]!.start;
  const to = days[days.length - 1]!.end;
  const partStart = parsePageStart(search.get('from'), from - 86_400_000, to);
  const [answered, withoutTimezone] = await Promise.all([
    shownIds.length ? loadEvents(authToken, shownIds, from, partStart, to) : { events: [] as Row[], patients: [] as Row[] },
    shownIds.length ? loadWithoutTimezone(authToken, shownIds) : ([] as string[]),
  ]);
  const part = pageOf(answered.events);
  // What is drawn: a moved appointment lives on as its new event (the old one would only double it).
  const drawn = part.events.filter((event) => !event.rescheduledAt);
  const names = namesOf(answered.patients);
  const items = drawn
    .flatMap((event) => itemsOf(event, new Set(shownIds), names, timeZone))
    .filter((item) => item.end > from && item.start < to)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const edge = (at: number): CalendarPartEdge => ({ at, label: `${formatIn(at, timeZone, 'weekdayDate')}, ${formatIn(at, timeZone, 'hourMinute')}` });
  const today = parseDay(undefined, now, timeZone);
  return {
    view,
    date: dayKey(date),
    today: dayKey(today),
    days,
    label: rangeLabel(view, date, days),
    previous: shiftDate(view, date, -1),
    next: shiftDate(view, date, 1),
    timeZone,
    zoneName: formatIn(now, timeZone, 'time').split(' ').pop() ?? timeZone,
    staff,
    shown,
    items,
    withoutTimezone: shown.filter((member) => withoutTimezone.includes(member.id)),
    part: { ...(partStart !== undefined ? { from: edge(partStart) } : {}), ...(part.next !== undefined ? { next: edge(part.next) } : {}) },
  };
};
