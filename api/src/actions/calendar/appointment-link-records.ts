import { zoneFor } from '@carelane/automation';
import { patientTextsWithin } from '@carelane/activities/patient-messages';
import { appointment_locations, calendar_events, endusers } from '@carelane/db';
import { badRequest } from '../../errors';
import { portalBase } from '../../auth/password-reset';
import { appointmentLinks, readAppointmentLinkToken, type AppointmentLinkPurpose } from '../../calendar/appointment-links';
import type { Services } from '../action';
import { isVideoVisit, placeOf } from './appointment-place';

type Row = Record<string, unknown>;

/** What the public link pages say (docs/contract/api.md, "Signed appointment links"). */
export const APPOINTMENT_LINK_MESSAGES = {
  invalid: 'This link is not valid. Please use the link from your most recent confirmation email.',
  wrongPurpose: {
    cancel: 'This link cannot cancel an appointment. Please use the cancel link from your confirmation email.',
    reschedule: 'This link cannot reschedule an appointment. Please use the reschedule link from your confirmation email.',
    calendar: 'This link is not a calendar file. Please use the Add to calendar link from your confirmation email.',
  },
  started: 'This link has expired: the appointment has already started.',
  ended: 'This link has expired: the appointment has ended.',
  cancelled: 'This appointment is already cancelled.',
  rescheduled: 'This appointment was already moved to another time. Please use the links in your newest confirmation email.',
} as const;

export type AppointmentState = 'booked' | 'cancelled' | 'rescheduled' | 'started';

/**
 * The appointment a link names, for that link's purpose: read as the business's system (a link has
 * no session) in the event's own organization, and only while the patient named in the link is
 * still one of its attendees. A token we did not sign, or for another purpose, is refused.
 */
export const appointmentOfLink = async (services: Services, token: unknown, purpose: AppointmentLinkPurpose) => {
  const link = readAppointmentLinkToken(services.config.jwtSecret, token);
  if (!link) throw badRequest(APPOINTMENT_LINK_MESSAGES.invalid);
  if (link.purpose !== purpose) throw badRequest(APPOINTMENT_LINK_MESSAGES.wrongPurpose[purpose]);
  // raw SQL: a link names no business; the event's own row says which business's system reads it.
  const owner = (await services.dataSource.getRepository('calendar_events').findOne({ where: { _id: link.calendarEventId }, select: ['_id', 'businessId', 'organizationIds'] })) as Row | null;
  if (!owner) throw badRequest(APPOINTMENT_LINK_MESSAGES.invalid);
  const system = services.engine.system(String(owner.businessId), (owner.organizationIds as string[] | null) ?? []);
  const [event] = await system.rows(calendar_events, { filter: { _id: link.calendarEventId }, limit: 1 });
  const attends = ((event?.attendees as Row[] | undefined) ?? []).some((a) => a.type === 'enduser' && a.id === link.enduserId);
  if (!event || !attends) throw badRequest(APPOINTMENT_LINK_MESSAGES.invalid);
  const [enduser] = await system.rows(endusers, { filter: { _id: link.enduserId }, limit: 1 });
  if (!enduser) throw badRequest(APPOINTMENT_LINK_MESSAGES.invalid);
  const state: AppointmentState = event.cancelledAt ? 'cancelled' : event.rescheduledAt ? 'rescheduled' : Date.now() >= link.expiresAt ? 'started' : 'booked';
  // The link is the patient's: what it shows (the time, a video visit) is in their language (issue #38).
  const texts = await patientTextsWithin(services.dataSource.manager, enduser as Row);
  return { link, event: event as Row, enduser: enduser as Row, system, state, texts };
};

/**
 * The appointment as the link pages show it: when (on the patient's clock, zone named), how long,
 * where, and its state; the time and a video visit in the patient's language, which `language` names
 * so a page can speak it too.
 */
export const appointmentSummary = async (found: Awaited<ReturnType<typeof appointmentOfLink>>) => {
  const { event, enduser, system, state, texts } = found;
  const locationId = typeof event.locationId === 'string' ? event.locationId : undefined;
  const [location] = locationId ? await system.rows(appointment_locations, { filter: { _id: locationId }, limit: 1 }) : [];
  const zone = zoneFor(event.timezone, enduser.timezone);
  return {
    title: String(event.displayTitle ?? event.title ?? 'Appointment'),
    startTimeInMS: Number(event.startTimeInMS),
    durationInMinutes: Number(event.durationInMinutes) || 0,
    timezone: zone,
    when: texts.when(Number(event.startTimeInMS), zone),
    place: isVideoVisit(event) ? texts.t('bookingConfirmation.videoVisit') : placeOf(event, location as Row | undefined),
    state,
    language: texts.language,
    businessId: String(event.businessId),
    bookingPageId: typeof event.bookingPageId === 'string' ? event.bookingPageId : undefined,
  };
};

/** The cancel, reschedule and calendar-file links of a booked appointment for its patient; no reschedule link without a booking page to choose from. */
export const linksForAppointment = async (services: Services, event: Row, enduserId: string) => {
  const base = await portalBase(services, String(event.businessId));
  const links = appointmentLinks(services.config.jwtSecret, base, { id: String(event.id ?? event._id), startTimeInMS: Number(event.startTimeInMS), durationInMinutes: Number(event.durationInMinutes) || 0 }, enduserId);
  return { ...links, rescheduleLink: typeof event.bookingPageId === 'string' ? links.rescheduleLink : undefined, portalLink: `${base}/home` };
};
