import type { CalendarView } from './calendar-range';

export interface CalendarPlace {
  view: CalendarView;
  date: string;
  /** The shown calendars; empty: the viewer's own. */
  staff: string[];
  /** A later part of a busy view: the instant it begins (calendar-page.ts). */
  from?: number;
}

/** The calendar's address for a view, a date, the shown calendars and the part (state in the address: a reload or a shared link shows the same). */
export const calendarHref = ({ view, date, staff, from }: CalendarPlace) => {
  const params = new URLSearchParams({ view, date });
  if (staff.length) params.set('staff', staff.join(','));
  if (from !== undefined) params.set('from', String(from));
  return `/staff/calendar?${params.toString()}`;
};

/** An appointment's page, remembering which calendar it was opened from. */
export const appointmentHref = (id: string, from?: CalendarPlace) => `/staff/calendar/${encodeURIComponent(id)}${from ? `?back=${encodeURIComponent(calendarHref(from))}` : ''}`;

/** A calendar address to go back to, only ever one of the calendar's own (never another site or page). */
export const safeCalendarBack = (value: string | null | undefined) => (value && /^\/staff\/calendar\?[\w=&%,.-]*$/.test(value) ? value : '/staff/calendar');

/** The new-appointment form, with what is known already. */
export const newAppointmentHref = (fields: { patient?: string; date?: string; staff?: string }) => {
  const params = new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const query = params.toString();
  return `/staff/calendar/new${query ? `?${query}` : ''}`;
};
