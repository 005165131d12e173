import { redirect } from '@remix-run/node';
import { ApiError, callApi } from '../../api.server';
import { staffTimeZone } from '../../time/viewer-zone.server';
import { patientName } from '../patient/patient-name';
import { readRecord } from '../shell/refuse.server';
import type { StaffUser } from '../session.server';
import { typedInstant } from './appointment-actions.server';
import { appointmentHref } from './calendar-links';
import { dayKey, parseDay } from './calendar-range';
import { loadStaffChoices } from './staff-choices.server';

type Row = Record<string, unknown> & { id: string };

export interface Choice {
  id: string;
  label: string;
}

export interface NewAppointmentValues {
  templateId: string;
  userId: string;
  locationId: string;
  date: string;
  time: string;
}

const field = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const list = (authToken: string, path: string) => callApi<Row[]>(path, { authToken, query: { limit: '1000' } }).catch(() => [] as Row[]);
const nameOf = (row: Row) => patientName(row as Parameters<typeof patientName>[0]);

/**
 * The new-appointment form: the patient (from the patient record, or found by name here), the
 * appointment types, staff and locations to choose from, and the day the calendar was on.
 */
export const loadNewAppointment = async (request: Request, authToken: string, user: StaffUser) => {
  const search = new URL(request.url).searchParams;
  const timeZone = staffTimeZone(request, user);
  const patientId = search.get('patient');
  const q = search.get('q')?.trim() ?? '';
  const [patient, matches, templates, locations, staff] = await Promise.all([
    patientId ? readRecord('patient', () => callApi<Row>(`/v1/enduser/${encodeURIComponent(patientId)}`, { authToken })) : undefined,
    !patientId && q ? callApi<Row[]>('/v1/endusers', { authToken, query: { search: JSON.stringify({ query: q }), limit: '8' } }).catch(() => [] as Row[]) : [],
    list(authToken, '/v1/calendar-event-templates'),
    list(authToken, '/v1/appointment-locations'),
    loadStaffChoices(authToken, user),
  ]);
  const date = dayKey(parseDay(search.get('date'), Date.now(), timeZone));
  const staffId = staff.some((member) => member.id === search.get('staff')) ? search.get('staff')! : user.id;
  return {
    patient: patient ? { id: patient.id, name: nameOf(patient) } : undefined,
    q,
    matches: matches.map((row) => ({ id: row.id, label: nameOf(row) })),
    templates: templates.map((row) => ({ id: row.id, label: `${String(row.title ?? 'Appointment')} (${Number(row.durationInMinutes) || 0} min)` })),
    locations: locations.map((row) => ({ id: row.id, label: String(row.title ?? 'Location') })),
    staff,
    zoneName: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value ?? timeZone,
    defaults: { templateId: templates[0]?.id ?? '', userId: staffId, locationId: '', date, time: '09:00' } satisfies NewAppointmentValues,
  };
};

/**
 * Books the patient: POST /schedule-appointment checks the time against the same availability as the
 * patient's own booking and refuses a conflict in words that name the staff member; the form keeps
 * what was typed and shows that message.
 */
export const createAppointment = async (request: Request, authToken: string, user: StaffUser) => {
  const form = await request.formData();
  const timeZone = staffTimeZone(request, user);
  const values: NewAppointmentValues = { templateId: field(form, 'templateId'), userId: field(form, 'userId'), locationId: field(form, 'locationId'), date: field(form, 'date'), time: field(form, 'time') };
  const enduserId = field(form, 'patientId');
  if (!enduserId) return { values, formError: 'Choose a patient for this appointment' };
  if (!values.templateId) return { values, formError: 'Choose the type of appointment' };
  const start = typedInstant(values.date, values.time, timeZone);
  if (start === undefined) return { values, formError: 'Enter the date and time of the appointment' };
  try {
    const { createdEvent } = await callApi<{ createdEvent: { id: string } }>('/v1/schedule-appointment', {
      method: 'POST',
      authToken,
      body: {
        calendarEventTemplateId: values.templateId,
        userId: values.userId || user.id,
        enduserId,
        startTime: new Date(start).toISOString(),
        timezone: timeZone,
        ...(values.locationId ? { locationId: values.locationId } : {}),
      },
    });
    throw redirect(`${appointmentHref(createdEvent.id, { view: 'week', date: values.date, staff: [values.userId || user.id] })}&booked=1`);
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.status < 500) return { values, formError: error.message };
    throw error;
  }
};
