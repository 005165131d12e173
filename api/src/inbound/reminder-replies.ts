import { zoneFor } from '@carelane/automation';
import { patientTextsWithin } from '@carelane/activities/patient-messages';
import { appointment_booking_pages, calendar_event_RSVPs, calendar_events, organizations, sms_messages } from '@carelane/db';
import type { Caller, TransactionEngine } from '@carelane/engine';
import { wordOf } from './carrier-keywords';

type Row = Record<string, any>;

/** What a reply to an appointment reminder did: the answer to text back, and the event it was about. */
export interface ReminderReply {
  calendarEventId: string;
  /** Nothing when the reply changes nothing (a second C). */
  answer?: string;
}

/** How many of the patient's latest outgoing texts are looked through for the reminder a reply answers. */
const RECENT_TEXTS = 20;

/**
 * The appointment the patient's reply is about: the event of the latest text we sent them, when
 * that text was a reminder (or a confirmation of one), which carries journeyContext.calendarEventId
 * (activities/src/automation-reminders.ts). A reply to any other text is not about an appointment.
 */
const repliedEvent = async (tx: TransactionEngine, caller: Caller, enduserId: string) => {
  const recent = await tx.rows(sms_messages, caller, { filter: { enduserId }, sortBy: 'timestamp', sort: 'newFirst', limit: RECENT_TEXTS });
  const latestOutgoing = recent.find((text) => text.inbound !== true);
  const eventId = (latestOutgoing?.journeyContext as Row | null | undefined)?.calendarEventId;
  return typeof eventId === 'string' ? eventId : undefined;
};

const bookingLink = async (tx: TransactionEngine, caller: Caller, portalUrl: string, event: Row) => {
  const page = event.bookingPageId
    ? await tx.row(appointment_booking_pages, caller, { _id: String(event.bookingPageId) })
    : (await tx.rows(appointment_booking_pages, caller, { limit: 1 }))[0];
  if (!page) return undefined;
  const query = new URLSearchParams({ businessId: String(event.businessId), appointmentBookingPageId: String(page._id), rescheduledCalendarEventId: String(event._id) });
  return `${portalUrl.replace(/\/$/, '')}/appointment-booking-page?${query}`;
};

/**
 * A patient's answer to an appointment reminder text: C cancels the appointment (cancelledAt: the
 * reminders workflow stops and availability frees the slot), Y confirms it (an RSVP 'Accepted' by the
 * patient), R answers the booking page's link to choose another time. A C or Y to an appointment
 * already cancelled or past, or already confirmed, changes nothing and answers nothing; anything else
 * (or R without a booking page) is only an incoming message. Undefined when the text is not such a reply.
 */
export const actOnReminderReply = async (
  tx: TransactionEngine,
  caller: Caller,
  input: { enduser: Row; body: string; portalUrl: string; now: Date },
): Promise<ReminderReply | undefined> => {
  const word = wordOf(input.body);
  // YES reaches here only for a phone that had not opted out (twilio-sms.ts): it confirms as Y does.
  const action = word === 'C' ? 'cancel' : word === 'Y' || word === 'YES' ? 'confirm' : word === 'R' ? 'reschedule' : undefined;
  if (!action) return undefined;
  const eventId = await repliedEvent(tx, caller, String(input.enduser._id));
  if (!eventId) return undefined;
  const event = await tx.row(calendar_events, caller, { _id: eventId }, { lock: true });
  const attends = ((event?.attendees ?? []) as Row[]).some((attendee) => attendee.type === 'enduser' && attendee.id === String(input.enduser._id));
  if (!event || !attends) return undefined;
  const upcoming = !event.cancelledAt && Number(event.startTimeInMS) > input.now.getTime();
  if (!upcoming) return { calendarEventId: eventId };
  const organization = await tx.row(organizations, caller, { _id: (event.organizationIds as string[] | null)?.at(-1) ?? String(event.businessId) });
  // The answer is in the patient's language (issue #38); the reply words (C, Y, R) are the same in every language.
  const texts = await patientTextsWithin(tx.manager, input.enduser);
  const when = texts.when(Number(event.startTimeInMS), zoneFor(input.enduser.timezone, event.timezone, organization?.timezone));
  const title = String(event.title ?? texts.t('reminderReply.untitled'));

  if (action === 'cancel') {
    await tx.updateOne(calendar_events, caller, eventId, { cancelledAt: input.now, cancelReason: 'Cancelled by the patient replying C to a reminder text' });
    return { calendarEventId: eventId, answer: texts.t('reminderReply.cancelled', { title, when }) };
  }
  if (action === 'confirm') {
    const rsvps = await tx.rows(calendar_event_RSVPs, caller, { filter: { eventId }, limit: 100 });
    if (rsvps.some((rsvp) => rsvp.creator === String(input.enduser._id))) return { calendarEventId: eventId };
    await tx.createOne(
      calendar_event_RSVPs,
      caller,
      { eventId, status: 'Accepted', displayName: [input.enduser.fname, input.enduser.lname].filter(Boolean).join(' ') || undefined },
      { creatorType: 'enduser' },
      { creator: String(input.enduser._id) },
    );
    return { calendarEventId: eventId, answer: texts.t('reminderReply.confirmed', { title, when }) };
  }
  const link = await bookingLink(tx, caller, input.portalUrl, event);
  if (!link) return undefined;
  return { calendarEventId: eventId, answer: texts.t('reminderReply.reschedule', { title, link }) };
};
