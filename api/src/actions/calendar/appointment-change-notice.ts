import { emails, endusers, sms_messages } from '@carelane/db';
import { spokenTime, zoneFor } from '@carelane/automation';
import type { UserCaller } from '../../auth/caller';
import type { Services } from '../action';

type Row = Record<string, unknown>;

export type AppointmentChange = 'scheduled' | 'rescheduled';

const enduserIdsOf = (event: Row) =>
  (Array.isArray(event.attendees) ? (event.attendees as Row[]) : []).filter((attendee) => attendee.type === 'enduser' && typeof attendee.id === 'string').map((attendee) => attendee.id as string);

/**
 * What the patient reads: the appointment's patient-facing title and its time on their clock (their
 * own zone, else the one the appointment was booked in, else UTC, named), as the confirmation words it.
 */
export const changeNotice = (change: AppointmentChange, event: Row, enduser: Row) => {
  const title = String(event.displayTitle ?? event.title);
  const when = spokenTime(Number(event.startTimeInMS), zoneFor(enduser.timezone, event.timezone));
  return change === 'rescheduled'
    ? { subject: `Your appointment was moved: ${title}`, text: `Your ${title} has been moved to ${when}. If this time does not suit you, please contact us.` }
    : { subject: `Your appointment is booked: ${title}`, text: `Your ${title} is booked for ${when}. If this time does not suit you, please contact us.` };
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
    const { subject, text } = changeNotice(change, event, patient);
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
