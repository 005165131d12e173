import { validators as v } from '@carelane/db';
import { issueBookingSessionToken } from '../../auth/tokens';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { Required, S } from '../input';
import { APPOINTMENT_LINK_MESSAGES, appointmentOfLink, appointmentSummary } from './appointment-link-records';

class RescheduleSessionInput {
  @Required(v.string(300), S.string(300))
  token!: string;
}

export const NOT_RESCHEDULABLE_ONLINE = 'This appointment cannot be moved online. Please contact us to choose another time.';

/**
 * POST /session-for-appointment-reschedule-link { token } (public): the confirmation email's
 * reschedule link traded for the booking widget's session of its patient (good only for the booking
 * calls, as a public booking session is), with what the widget needs to move the appointment:
 * { authToken, appointment, calendarEventId, calendarEventTemplateId, bookingPageId }. The booking
 * itself is book-appointment with rescheduledCalendarEventId, so reminders move as on any reschedule.
 * Refused like the cancel link: another purpose, not ours, cancelled, moved already, started; and an
 * appointment booked without a booking page (there are no times to offer).
 */
export const sessionForAppointmentRescheduleLink = defineAction({
  method: 'post',
  path: '/session-for-appointment-reschedule-link',
  auth: 'public',
  input: RescheduleSessionInput,
  handler: async ({ services }, input) => {
    const found = await appointmentOfLink(services, input.token, 'reschedule');
    if (found.state !== 'booked') throw badRequest(APPOINTMENT_LINK_MESSAGES[found.state]);
    const { event, enduser } = found;
    if (typeof event.bookingPageId !== 'string' || typeof event.templateId !== 'string') throw badRequest(NOT_RESCHEDULABLE_ONLINE);
    return {
      authToken: issueBookingSessionToken(services.config, enduser),
      appointment: await appointmentSummary(found),
      calendarEventId: String(event._id),
      calendarEventTemplateId: event.templateId,
      bookingPageId: event.bookingPageId,
    };
  },
});
