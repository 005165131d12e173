import { appointment_locations, calendar_event_templates, calendar_events, endusers, fail, validators as v } from '@carelane/db';
import { validZone } from '../../calendar/availability';
import { defineAction } from '../action';
import { Optional, Required, S } from '../input';
import { notifyAppointmentChange } from './appointment-change-notice';
import { checkStaffSlot, rulesForAppointment, staffName } from './staff-slot-check';
import { fieldsFromTemplate } from '../../calendar/event-from-template';

type Row = Record<string, unknown>;

/** An IANA timezone name. */
const timezoneValidator = (value: unknown) => validZone(v.string(100)(value)) ?? fail('Invalid timezone');

class ScheduleAppointmentInput {
  @Required(v.id, S.id)
  calendarEventTemplateId!: string;

  @Required(v.id, S.id)
  userId!: string;

  @Required(v.id, S.id)
  enduserId!: string;

  @Required(v.date, S.date)
  startTime!: Date;

  @Optional(v.id, S.id)
  locationId?: string;

  @Optional(timezoneValidator, { type: 'string', description: 'IANA timezone' })
  timezone?: string;
}

/** The appointment a template makes (as book-appointment makes it), without what is empty. */
const eventFrom = (template: Row, fields: Row) => {
  const event: Row = {
    ...fieldsFromTemplate(template),
    durationInMinutes: Number(template.durationInMinutes),
    templateId: template.id,
    wasSelfScheduled: false,
    reminders: Array.isArray(template.reminders) ? (template.reminders as Row[]).map((reminder) => ({ ...reminder, didRemind: false })) : [],
    ...fields,
  };
  for (const key of Object.keys(event)) if (event[key] === undefined || event[key] === null) delete event[key];
  return event;
};

/**
 * POST /schedule-appointment { calendarEventTemplateId, userId, enduserId, startTime, locationId?,
 * timezone? } (staff) answers { createdEvent }: staff book a patient with a staff member. The time is
 * checked against the same availability as the patient's own booking (working hours, location, busy
 * time with the type's buffers, connected calendars included) inside the insert's transaction, and a
 * refusal names the staff member and says what to do (staff-slot-check.ts). The event is created
 * through the engine (reminders start, 'Appointment Created' fires) and the patient is told by email
 * and text.
 */
export const scheduleAppointment = defineAction({
  method: 'post',
  path: '/schedule-appointment',
  auth: 'user',
  input: ScheduleAppointmentInput,
  handler: async ({ services, caller }, input) => {
    const template = (await services.engine.getOne(calendar_event_templates, caller, input.calendarEventTemplateId)) as Row;
    const enduser = (await services.engine.getOne(endusers, caller, input.enduserId)) as Row;
    const location = input.locationId ? ((await services.engine.getOne(appointment_locations, caller, input.locationId)) as Row) : undefined;
    const start = input.startTime.getTime();
    const base = await rulesForAppointment(services, caller, Number(template.durationInMinutes), template.id as string, location?.id as string | undefined);
    const staff = { id: input.userId, name: await staffName(services, caller, input.userId) };
    const event = eventFrom(template, {
      startTimeInMS: start,
      timezone: input.timezone,
      locationId: location?.id,
      location: location?.title,
      attendees: [
        { type: 'user', id: input.userId },
        { type: 'enduser', id: enduser.id },
      ],
    });
    const createdEvent = await services.engine.transaction(async (tx) => {
      await checkStaffSlot(tx.manager, caller, base, staff, start);
      return tx.createOne(calendar_events, caller, event);
    });
    await notifyAppointmentChange(services, caller, 'scheduled', createdEvent);
    return { createdEvent };
  },
});
