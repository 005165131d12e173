import { validators as v } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction, FileAnswer } from '../action';
import { Required, S } from '../input';
import { APPOINTMENT_LINK_MESSAGES, appointmentOfLink, appointmentSummary } from './appointment-link-records';
import { eventToIcs } from './download-ics-file';

class CalendarFileInput {
  @Required(v.string(300), S.string(300))
  token!: string;
}

/**
 * GET /appointment-by-link/calendar-file { token } (public): the "Add to calendar" file of a booked
 * appointment (the ics package writes it, as download-ics-file does), with its place as the
 * location. Until the appointment ends; a cancelled one's file says CANCELLED.
 */
export const appointmentCalendarFile = defineAction({
  method: 'get',
  path: '/appointment-by-link/calendar-file',
  auth: 'public',
  input: CalendarFileInput,
  handler: async ({ services }, input) => {
    const found = await appointmentOfLink(services, input.token, 'calendar');
    // The calendar link expires when the appointment ends ('started' here means past its expiry).
    if (found.state === 'started') throw badRequest(APPOINTMENT_LINK_MESSAGES.ended);
    const summary = await appointmentSummary(found);
    const event = { ...found.event, id: found.event._id, location: summary.place };
    return new FileAnswer('text/calendar; charset=utf-8', 'appointment.ics', eventToIcs(event, 'enduser'));
  },
});
