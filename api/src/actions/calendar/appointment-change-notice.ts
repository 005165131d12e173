import { emails, endusers, sms_messages } from '@carelane/db';
import { zoneFor } from '@carelane/automation';
import { patientTextsWithin, type PatientTexts } from '@carelane/activities/patient-messages';
import type { UserCaller } from '../../auth/caller';
import type { Services } from '../action';

type Row = Record<string, unknown>;

export type AppointmentChange = 'scheduled' | 'rescheduled';

const enduserIdsOf = (event: Row) =>
  (Array.isArray(event.attendees) ? (event.attendees as Row[]) : []).filter((attendee) => attendee.type === 'enduser' && typeof attendee.id === 'string').map((attendee) => attendee.id as string);

/**
 * What the patient reads, in their language (`texts`): the appointment's patient-facing title and its
 * time on their clock (their own zone, else the one the appointment was booked in, else UTC, named),
 * as the confirmation words it.
 */
export const changeNotice = (change: AppointmentChange, event: Row, enduser: Row, texts: PatientTexts) => {
  const title = String(event.displayTitle ?? event.title);
  const when = texts.when(Number(event.startTimeInMS), zoneFor(enduser.timezone, event.timezone));
  return change === 'rescheduled'
    ? { subject: texts.t('appointmentChange.movedSubject', { title }), text: texts.t('appointmentChange.movedText', { title, when }) }
    : { subject: texts.t('appointmentChange.bookedSubject', { title }), text: texts.t('appointmentChange.bookedText', { title, when }) };
};

/**
 * Tells each patient attending `event` that staff booked or moved it, by email and by text, through
 * the one delivery path (emails and sms_messages records created as the staff member, so the message
 * is sent, honours unsubscribes and opt-outs, and shows on the patient's timeline). Run after the
 * change committed; a message that cannot go (no address, opted out) is logged and the change stands.
 */
export const notifyAppointmentChange = async (services: Services, caller: UserCaller, change: AppointmentChange, event: Row) => {
  const ids = enduserIdsOf(event);
  if (ids.length === 0) return;
  const patients = (await services.engine.getByIds(endusers, caller, ids).catch(() => [])) as Row[];
  for (const patient of patients) {
    const { subject, text } = changeNotice(change, event, patient, await patientTextsWithin(services.dataSource.manager, patient));
    const sends: Promise<unknown>[] = [];
    if (typeof patient.email === 'string' && patient.email) {
      sends.push(services.engine.createOne(emails, caller, { enduserId: patient.id, subject, textContent: text }));
    }
    if (typeof patient.phone === 'string' && patient.phone && patient.phoneConsent !== false) {
      sends.push(services.engine.createOne(sms_messages, caller, { enduserId: patient.id, message: text }));
    }
    for (const result of await Promise.allSettled(sends)) {
      if (result.status === 'rejected') console.error(`appointment ${change} notice for ${String(event.id)} not sent: ${(result.reason as Error)?.message ?? result.reason}`);
    }
  }
};
