import { formatIn } from '../../time/format';

/**
 * What the calendar draws for one event, decided on the server so nothing the viewer should not see
 * reaches the page: an appointment with its patient, type, place and status, or (for an event that
 * came from a connected calendar) only "Busy" and its time.
 */
export type AppointmentStatus = 'confirmed' | 'cancelled' | 'no-show' | 'completed' | 'moved';

export interface CalendarItem {
  id: string;
  start: number;
  end: number;
  /** The staff member's calendar it is drawn on. */
  staffId: string;
  busy: boolean;
  title: string;
  patientName?: string;
  patientId?: string;
  /** "Video visit", the location's name, or nothing. */
  where?: string;
  status: AppointmentStatus;
  /** "9:30 AM–10:00 AM, Initial consult with Ada Lovelace, confirmed": the item's accessible name. */
  label: string;
  /** "9:30 AM–10:00 AM" on the viewer's clock. */
  time: string;
}

type Row = Record<string, unknown>;

export const STATUS_WORDS: Record<AppointmentStatus, string> = {
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  'no-show': 'no-show',
  completed: 'completed',
  moved: 'moved',
};

export const statusOf = (event: Row): AppointmentStatus => {
  if (event.cancelledAt) return 'cancelled';
  if (event.noShowedAt) return 'no-show';
  if (event.completedAt) return 'completed';
  if (event.rescheduledAt) return 'moved';
  return 'confirmed';
};

/**
 * An event of a connected calendar (Google, Outlook): it carries the other calendar's id (externalId)
 * and has no patient, and is shown only as busy time (docs/decisions.md, "The staff calendar").
 */
export const isExternalBusy = (event: Row) => typeof event.externalId === 'string' && event.externalId !== '';

export const hasVideo = (event: Row) => event.enableVideoCall === true || (typeof event.videoURL === 'string' && event.videoURL !== '');

export const whereOf = (event: Row) => (hasVideo(event) ? 'Video visit' : typeof event.location === 'string' && event.location.trim() ? event.location.trim() : undefined);

export const timeRange = (start: number, end: number, timeZone: string) => `${formatIn(start, timeZone, 'hourMinute')}–${formatIn(end, timeZone, 'hourMinute')}`;

const attendeeIds = (event: Row, type: 'user' | 'enduser') =>
  (Array.isArray(event.attendees) ? (event.attendees as Row[]) : []).filter((attendee) => attendee.type === type && typeof attendee.id === 'string').map((attendee) => attendee.id as string);

/** The items of one event: one per shown staff member it is with. */
export const itemsOf = (event: Row, shownStaff: Set<string>, patientNames: Map<string, string>, timeZone: string): CalendarItem[] => {
  const start = Number(event.startTimeInMS);
  const end = start + Math.max(1, Number(event.durationInMinutes) || 0) * 60_000;
  const time = timeRange(start, end, timeZone);
  const staff = attendeeIds(event, 'user').filter((id) => shownStaff.has(id));
  if (isExternalBusy(event)) {
    return staff.map((staffId) => ({ id: `${String(event.id)}:${staffId}`, start, end, staffId, busy: true, title: 'Busy', status: 'confirmed', label: `${time}, busy`, time }));
  }
  const patientId = attendeeIds(event, 'enduser')[0];
  const patientName = patientId ? patientNames.get(patientId) ?? 'A patient' : undefined;
  const title = String(event.title ?? 'Appointment');
  const status = statusOf(event);
  const where = whereOf(event);
  const label = `${time}, ${title}${patientName ? ` with ${patientName}` : ''}, ${where ? `${where}, ` : ''}${STATUS_WORDS[status]}`;
  return staff.map((staffId) => ({ id: String(event.id), start, end, staffId, busy: false, title, patientName, patientId, where, status, label, time }));
};
