import { localTime } from '@carelane/automation';
import { callApi } from '../../api.server';
import { formatIn } from '../../time/format';
import { staffTimeZone } from '../../time/viewer-zone.server';
import { patientName } from '../patient/patient-name';
import { readRecord } from '../shell/refuse.server';
import type { StaffUser } from '../session.server';
import { hasVideo, isExternalBusy, statusOf, STATUS_WORDS, timeRange, whereOf, type AppointmentStatus } from './appointment-items';
import { dayKey } from './calendar-range';
import { loadStaffChoices, type StaffChoice } from './staff-choices.server';
import { loadVisitPrep, type VisitPrep } from './visit-prep.server';

type Row = Record<string, unknown> & { id: string };

export interface AppointmentView {
  id: string;
  title: string;
  status: AppointmentStatus;
  statusText: string;
  /** "Tue, Dec 1" and "9:30 AM–10:00 AM PST" on the viewer's clock (the patient's beside it when it differs). */
  day: string;
  time: string;
  /** The start on the patient's own clock when it differs ("12:30 PM EST for the patient"). */
  patientTime?: string;
  durationInMinutes: number;
  staff: StaffChoice[];
  staffId?: string;
  patient?: { id: string; name: string };
  where?: string;
  /** The video visit's host page, for appointments held by video. */
  videoHref?: string;
  cancelReason?: string;
  description?: string;
  /** The reschedule form's starting values, on the viewer's clock. */
  date: string;
  clock: string;
  timeZone: string;
  /** Open: it can still be moved, cancelled or marked. */
  open: boolean;
  /** A connected calendar's event: shown as busy, without details. */
  busy: boolean;
  /** The patient's care plan this appointment belongs to (their portal's Care Plan page lists it), and the plans it could join. */
  carePlanId?: string;
  carePlans: { id: string; label: string }[];
  /** What the patient is asked to do before the visit (none without a patient). */
  prep?: VisitPrep;
}

/** The patient's care plans by title, for the appointment's Care plan picker (none when there is no patient or the role may not read them). */
const carePlansOf = async (authToken: string, patientId: string | undefined) => {
  if (!patientId) return [];
  const plans = await callApi<Row[]>('/v1/care-plans', { authToken, query: { filter: JSON.stringify({ enduserId: patientId }), limit: '100' } }).catch(() => [] as Row[]);
  return plans.map((plan) => ({ id: plan.id, label: String(plan.title ?? 'Care plan') }));
};

const attendees = (event: Row, type: string) => ((event.attendees as { type?: string; id?: string }[] | undefined) ?? []).filter((a) => a.type === type && a.id).map((a) => a.id!);

export const readAppointment = (authToken: string, id: string) => readRecord('appointment', () => callApi<Row>(`/v1/calendar-event/${encodeURIComponent(id)}`, { authToken }));

/** One appointment as its page shows it, read with the staff member's own token. */
export const loadAppointment = async (request: Request, authToken: string, user: StaffUser, id: string): Promise<AppointmentView & { staffChoices: StaffChoice[] }> => {
  const event = await readAppointment(authToken, id);
  const timeZone = staffTimeZone(request, user);
  const start = Number(event.startTimeInMS);
  const durationInMinutes = Number(event.durationInMinutes) || 0;
  const end = start + durationInMinutes * 60_000;
  const patientId = attendees(event, 'enduser')[0];
  const busy = isExternalBusy(event);
  const [staffChoices, patient, carePlans, prep] = await Promise.all([
    loadStaffChoices(authToken, user),
    patientId ? callApi<Row>(`/v1/enduser/${encodeURIComponent(patientId)}`, { authToken }).catch(() => undefined) : undefined,
    carePlansOf(authToken, patientId),
    patientId && !busy ? loadVisitPrep(authToken, event, patientId, timeZone) : undefined,
  ]);
  const staffIds = attendees(event, 'user');
  const local = localTime(start, timeZone);
  const status = statusOf(event);
  const patientZone = typeof patient?.timezone === 'string' ? patient.timezone : undefined;
  return {
    id: event.id,
    title: busy ? 'Busy' : String(event.title ?? 'Appointment'),
    status,
    statusText: STATUS_WORDS[status],
    day: formatIn(start, timeZone, 'weekdayDate'),
    time: `${timeRange(start, end, timeZone)} ${formatIn(start, timeZone, 'time').split(' ').pop()}`,
    patientTime: patientZone && formatIn(start, patientZone, 'time') !== formatIn(start, timeZone, 'time') ? `${formatIn(start, patientZone, 'time')} for the patient` : undefined,
    durationInMinutes,
    staff: staffChoices.filter((member) => staffIds.includes(member.id)),
    staffId: staffIds[0],
    patient: busy || !patientId ? undefined : { id: patientId, name: patient ? patientName(patient as Parameters<typeof patientName>[0]) : 'A patient' },
    where: busy ? undefined : whereOf(event),
    videoHref: !busy && hasVideo(event) ? `/staff/visits/${encodeURIComponent(event.id)}` : undefined,
    cancelReason: busy ? undefined : typeof event.cancelReason === 'string' && event.cancelReason.trim() ? event.cancelReason.trim() : undefined,
    description: busy ? undefined : typeof event.description === 'string' && event.description.trim() ? event.description.trim() : undefined,
    date: dayKey(local),
    clock: `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`,
    timeZone,
    open: !busy && status === 'confirmed',
    busy,
    carePlanId: typeof event.carePlanId === 'string' ? event.carePlanId : undefined,
    carePlans: busy ? [] : carePlans,
    prep,
    staffChoices,
  };
};
