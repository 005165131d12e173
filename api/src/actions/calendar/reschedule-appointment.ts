import { calendar_events, validators as v } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { Optional, Required, S } from '../input';
import { notifyAppointmentChange } from './appointment-change-notice';
import { checkStaffSlot, rulesForAppointment, staffName, STAFF_SCHEDULING_MESSAGES } from './staff-slot-check';

type Row = Record<string, unknown>;

class RescheduleAppointmentInput {
  @Required(v.id, S.id)
  calendarEventId!: string;

  @Required(v.date, S.date)
  startTime!: Date;

  /** Another staff member to see the patient; default: the one the appointment is with. */
  @Optional(v.id, S.id)
  userId?: string;
}

const staffOf = (event: Row) => (Array.isArray(event.attendees) ? (event.attendees as Row[]) : []).find((attendee) => attendee.type === 'user')?.id as string | undefined;

/**
 * POST /reschedule-appointment { calendarEventId, startTime, userId? } (staff) answers { updatedEvent }:
 * the appointment moves in place (the same record, so its history and links stay), checked against
 * the same availability as booking, without counting itself as busy. The update goes through the
 * engine, so the reminders run is told the start moved and arms its reminders for the new time, and
 * 'Appointment Rescheduled' fires; the patient is told by email and text. A cancelled, completed or
 * already moved appointment is refused.
 */
export const rescheduleAppointment = defineAction({
  method: 'post',
  path: '/reschedule-appointment',
  auth: 'user',
  input: RescheduleAppointmentInput,
  handler: async ({ services, caller }, input) => {
    const event = (await services.engine.getOne(calendar_events, caller, input.calendarEventId)) as Row;
    if (event.cancelledAt || event.rescheduledAt || event.completedAt || event.noShowedAt) throw badRequest(STAFF_SCHEDULING_MESSAGES.closed);
    const start = input.startTime.getTime();
    const current = staffOf(event);
    const userId = input.userId ?? current;
    if (!userId) throw badRequest(STAFF_SCHEDULING_MESSAGES.unknownStaff);
    const base = await rulesForAppointment(services, caller, Number(event.durationInMinutes), event.templateId as string | undefined, event.locationId as string | undefined);
    const staff = { id: userId, name: await staffName(services, caller, userId) };
    const attendees = (event.attendees as Row[]).map((attendee) => (attendee.type === 'user' && attendee.id === current ? { ...attendee, id: userId } : attendee));
    const updatedEvent = await services.engine.transaction(async (tx) => {
      await checkStaffSlot(tx.manager, caller, base, staff, start, event.id as string);
      return tx.updateOne(calendar_events, caller, event.id as string, { startTimeInMS: start, ...(userId !== current ? { attendees } : {}) }, { replaceObjectFields: true });
    });
    if (Number(event.startTimeInMS) !== start) await notifyAppointmentChange(services, caller, 'rescheduled', updatedEvent);
    return { updatedEvent };
  },
});
