import { data } from '@remix-run/node';
import { ApiError, callApi } from '../api.server';
import { getRecord, optionalText, updateRecord } from '../portal/resources.server';
import { patientName } from '../staff/patient/patient-name';
import { formatIn } from '../time/format';
import { NO_SHOW_AFTER_MINUTES, type VisitState } from './visit';

type Row = Record<string, unknown>;

export const VISIT_MISSING = 'This appointment does not exist or you cannot see it';

/** What the host page shows of an appointment: facts in words, times on the staff member's clock. */
export interface VisitView {
  eventId: string;
  title: string;
  patient?: { id: string; name: string };
  when: string;
  durationInMinutes: number;
  /** Milliseconds since the epoch from which the no-show button is offered. */
  noShowFrom: number;
  state: VisitState;
  meetingId?: string;
  /** Held on an outside service (Zoom): the host starts it there. */
  outsideURL?: string;
}

const stateOf = (event: Row): VisitState => {
  if (event.cancelledAt) return 'cancelled';
  if (event.noShowedAt) return 'no-show';
  if (event.meetingStatus === 'ended') return 'ended';
  return event.meetingStatus === 'live' ? 'live' : 'scheduled';
};

const readEvent = async (authToken: string, eventId: string) => {
  try {
    return await getRecord(authToken, 'calendar-event', eventId);
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.status)) throw data(VISIT_MISSING, { status: 404 });
    throw error;
  }
};

/** The patient of the appointment by name; undefined when there is none or the role cannot read them. */
const readPatient = async (authToken: string, event: Row) => {
  const attendee = ((event.attendees as Row[] | undefined) ?? []).find((a) => a.type === 'enduser' && typeof a.id === 'string');
  if (!attendee) return undefined;
  try {
    const enduser = await getRecord(authToken, 'enduser', String(attendee.id));
    return { id: enduser.id, name: patientName(enduser as never) };
  } catch (error) {
    if (error instanceof ApiError && [403, 404].includes(error.status)) return undefined;
    throw error;
  }
};

export const loadVisit = async (authToken: string, eventId: string, zone: string): Promise<VisitView> => {
  const event = await readEvent(authToken, eventId);
  const start = Number(event.startTimeInMS);
  const integration = optionalText(event.videoIntegration);
  return {
    eventId: event.id,
    title: optionalText(event.title) ?? optionalText(event.displayTitle) ?? 'Appointment',
    patient: await readPatient(authToken, event),
    when: formatIn(start, zone, 'dateTime'),
    durationInMinutes: Number(event.durationInMinutes) || 0,
    noShowFrom: start + NO_SHOW_AFTER_MINUTES * 60_000,
    state: stateOf(event),
    meetingId: optionalText(event.meetingId),
    outsideURL: integration && integration !== 'No Integration' ? optionalText(event.videoURL) : undefined,
  };
};

/** Starts the appointment's meeting, hosted by the caller (or joins it when it is already live): start-meeting-for-event. */
export const startVisit = async (authToken: string, eventId: string) => {
  const answer = await callApi<{ id: string; meeting?: Row }>('/v1/start-meeting-for-event', { method: 'POST', authToken, body: { calendarEventId: eventId } });
  const iceServers = ((answer.meeting?.Meeting as Row | undefined)?.iceServers ?? []) as RTCIceServer[];
  return { meetingId: answer.id, iceServers };
};

export const endVisit = (authToken: string, meetingId: string) => callApi('/v1/end-meeting', { method: 'POST', authToken, body: { id: meetingId } });

/**
 * Records the patient as a no-show (noShowedAt, which fires 'Appointment No-Showed') and ends a live
 * meeting. Refused before the no-show time: the patient may still come.
 */
export const markNoShow = async (authToken: string, visit: VisitView, now = Date.now()) => {
  if (now < visit.noShowFrom) throw new ApiError(400, `A patient can be marked as a no-show ${NO_SHOW_AFTER_MINUTES} minutes after the start time`);
  if (visit.state === 'live' && visit.meetingId) await endVisit(authToken, visit.meetingId);
  await updateRecord(authToken, 'calendar-event', visit.eventId, { noShowedAt: new Date(now).toISOString() });
};
