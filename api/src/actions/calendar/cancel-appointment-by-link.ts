import { calendar_events, validators as v } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { Required, S } from '../input';
import { APPOINTMENT_LINK_MESSAGES, appointmentOfLink, appointmentSummary } from './appointment-link-records';

class CancelByLinkInput {
  @Required(v.string(300), S.string(300))
  token!: string;
}

export const CANCELLED_BY_LINK = 'Cancelled by the patient with the link in their confirmation email';

/**
 * POST /cancel-appointment-by-link { token } (public): the confirmation email's cancel link cancels
 * its appointment (cancelledAt, through the engine like any update, so its reminders stop and the
 * slot is free again) and answers { appointment } with state 'cancelled'. Refused, changing nothing:
 * a link for another purpose or not ours, an appointment already cancelled (so a used link says so),
 * moved to another time, or already started.
 */
export const cancelAppointmentByLink = defineAction({
  method: 'post',
  path: '/cancel-appointment-by-link',
  auth: 'public',
  input: CancelByLinkInput,
  handler: async ({ services }, input) => {
    const found = await appointmentOfLink(services, input.token, 'cancel');
    const eventId = found.link.calendarEventId;
    const refusal = (row: Record<string, unknown> | undefined) =>
      !row || row.cancelledAt ? APPOINTMENT_LINK_MESSAGES.cancelled : row.rescheduledAt ? APPOINTMENT_LINK_MESSAGES.rescheduled : found.state === 'started' ? APPOINTMENT_LINK_MESSAGES.started : undefined;
    await services.engine.transaction(async (tx) => {
      // Locked, so two presses of the link cancel once and the second hears 'already cancelled'.
      const row = await tx.row(calendar_events, found.system.caller, { _id: eventId }, { lock: true });
      const refused = refusal(row);
      if (refused) throw badRequest(refused);
      await tx.updateOne(calendar_events, found.system.caller, eventId, { cancelledAt: new Date(), cancelReason: CANCELLED_BY_LINK });
    });
    return { appointment: { ...(await appointmentSummary(found)), state: 'cancelled' as const } };
  },
});
