import { instantOf } from '@carelane/automation';
import { ApiError, callApi } from '../../api.server';
import { formatIn } from '../../time/format';
import { visitPrepAction } from './visit-prep.server';

export type AppointmentAnswer = { intent: string; notice?: string; formError?: string };

const field = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** A date (YYYY-MM-DD) and a time (HH:MM) typed on the viewer's clock, as an instant; undefined when either is no such thing. */
export const typedInstant = (date: string, clock: string, timeZone: string) => {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const time = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!day || !time || Number(time[1]) > 23 || Number(time[2]) > 59) return undefined;
  return instantOf({ year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: Number(time[1]), minute: Number(time[2]) }, timeZone);
};

const refusal = (intent: string, error: unknown): AppointmentAnswer => {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return { intent, formError: error.message };
  throw error;
};

const update = (authToken: string, id: string, updates: Record<string, unknown>) =>
  callApi(`/v1/calendar-event/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates } });

/**
 * The appointment page's forms, each by its intent: move it (POST /reschedule-appointment, which checks
 * availability, moves the reminders and tells the patient), cancel it with a reason, mark it a no-show
 * or completed (the generic update, so the matching automations fire), or tie it to one of the patient's
 * care plans (carePlanId, which the portal's Care Plan page lists), or ask the patient to do something
 * before the visit (visit-prep.server.ts). The api decides each one.
 */
export const appointmentAction = async (authToken: string, id: string, form: FormData, timeZone: string): Promise<AppointmentAnswer> => {
  const intent = field(form, 'intent');
  try {
    if (intent === 'reschedule') {
      const start = typedInstant(field(form, 'date'), field(form, 'time'), timeZone);
      if (start === undefined) return { intent, formError: 'Enter the new date and time' };
      const userId = field(form, 'userId') || undefined;
      await callApi('/v1/reschedule-appointment', { method: 'POST', authToken, body: { calendarEventId: id, startTime: new Date(start).toISOString(), ...(userId ? { userId } : {}) } });
      return { intent, notice: `Moved to ${formatIn(start, timeZone)}. The patient has been told.` };
    }
    if (intent === 'cancel') {
      const reason = field(form, 'reason');
      if (!reason) return { intent, formError: 'Say why the appointment is cancelled' };
      await update(authToken, id, { cancelledAt: new Date().toISOString(), cancelReason: reason });
      return { intent, notice: 'Appointment cancelled.' };
    }
    if (intent === 'no-show') {
      await update(authToken, id, { noShowedAt: new Date().toISOString() });
      return { intent, notice: 'Marked as a no-show.' };
    }
    if (intent === 'care-plan') {
      const carePlanId = field(form, 'carePlanId');
      await update(authToken, id, { carePlanId: carePlanId || null });
      return { intent, notice: carePlanId ? 'Added to the care plan. The patient sees it on their Care Plan page.' : 'No longer part of a care plan.' };
    }
    if (intent.startsWith('prep-')) {
      const event = await callApi<{ attendees?: { type?: string; id?: string }[] }>(`/v1/calendar-event/${encodeURIComponent(id)}`, { authToken });
      const patientId = (event.attendees ?? []).find((attendee) => attendee.type === 'enduser' && attendee.id)?.id;
      if (!patientId) return { intent, formError: 'This appointment has no patient to ask' };
      return await visitPrepAction(authToken, id, patientId, intent, form);
    }
    if (intent === 'completed') {
      await update(authToken, id, { completedAt: new Date().toISOString() });
      return { intent, notice: 'Marked as completed.' };
    }
    return { intent, formError: 'This form is not one the appointment page knows' };
  } catch (error) {
    return refusal(intent, error);
  }
};
