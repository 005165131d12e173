import { validators as v } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { Required, S } from '../input';
import { APPOINTMENT_LINK_MESSAGES, appointmentOfLink, appointmentSummary } from './appointment-link-records';

class AppointmentByLinkInput {
  @Required(v.string(300), S.string(300))
  token!: string;

  @Required(v.oneOf(['cancel', 'reschedule'] as const), S.oneOf(['cancel', 'reschedule']))
  purpose!: 'cancel' | 'reschedule';
}

/**
 * GET /appointment-by-link { token, purpose } (public): the appointment a confirmation email's cancel
 * or reschedule link names, for the page that link opens: { appointment: { title, when, timezone,
 * place, state ... } }. A link of the other purpose, one we did not sign, or one whose appointment
 * has started is refused (400, each with its own sentence); a cancelled or moved appointment is
 * answered with that state (the page says so).
 */
export const appointmentByLink = defineAction({
  method: 'get',
  path: '/appointment-by-link',
  auth: 'public',
  input: AppointmentByLinkInput,
  handler: async ({ services }, input) => {
    const found = await appointmentOfLink(services, input.token, input.purpose);
    if (found.state === 'started') throw badRequest(APPOINTMENT_LINK_MESSAGES.started);
    return { appointment: await appointmentSummary(found) };
  },
});
