import { appointment_locations, calendar_events, fail, validators as v } from '@carelane/db';
import { patientTextsWithin } from '@carelane/activities/patient-messages';
import { terms as termsValidator } from '@carelane/db/validation/calendar-validators';
import type { EnduserCaller } from '../../auth/caller';
import { badRequest } from '../../errors';
import { isSlotAvailable, validZone } from '../../calendar/availability';
import { lockUserCalendar, withBookingCheck } from '../../calendar/booking-guard';
import { defineAction, type Services } from '../action';
import { availabilityData, bookingRules, BOOKING_MESSAGES, type BookingRules } from './booking-context';
import { confirmationDetails, sendBookingConfirmation } from './booking-confirmation';
import { Optional, Required, S } from '../input';
import { BookingRulesFields } from './booking-context';
import { fieldsFromTemplate } from '../../calendar/event-from-template';

type Row = Record<string, unknown>;
type Term = { title: string; link: string };

/** Every term the page shows must be among those agreed to (same title and link). */
const assertTermsAgreed = (page: Row | undefined, agreed: Term[]) => {
  const required = (page?.terms as Term[] | undefined) ?? [];
  const missing = required.some((term) => !agreed.some((a) => a.title === term.title && a.link === term.link));
  if (missing) throw badRequest(BOOKING_MESSAGES.termsNotAgreed);
};

const pageDatesAllow = (page: Row | undefined, start: number, durationInMinutes: number) => {
  const startDate = page?.startDate ? Date.parse(String(page.startDate)) : undefined;
  const endDate = page?.endDate ? Date.parse(String(page.endDate)) : undefined;
  return (startDate === undefined || start >= startDate) && (endDate === undefined || start + durationInMinutes * 60_000 <= endDate);
};

/** Reminders of a booked event start over: none has been sent for the new time. */
const fresh = (reminders: unknown) => (Array.isArray(reminders) ? reminders.map((reminder: Row) => ({ ...reminder, didRemind: false })) : []);

/**
 * The check run inside the event's insert transaction, after the user's calendar is locked: the time
 * must be one of the user's offered slots (hours, page dates, location, state) and, with busy time
 * counted, still free. The two refusals differ so the patient knows whether to pick another time.
 */
const slotCheck = (services: Services, caller: EnduserCaller, rules: BookingRules, userId: string, start: number, intervalInMinutes: number | undefined, reschedule?: { id: string; at: Date }) =>
  async (manager: Parameters<Parameters<typeof withBookingCheck>[1]>[0]) => {
    await lockUserCalendar(manager, caller.businessId, userId);
    const exceptEventId = reschedule?.id;
    if (reschedule) {
      // raw SQL: the old event is claimed in the new event's transaction (a conditional update), so two
      // concurrent reschedules of one event cannot both succeed; the engine update after the commit
      // then records and announces the whole change (rescheduledAt, rescheduledTo, reminders).
      const result = await manager.query(
        `UPDATE calendar_events SET "rescheduledAt" = $3 WHERE _id = $1 AND "businessId" = $2 AND "rescheduledAt" IS NULL AND "cancelledAt" IS NULL RETURNING _id`,
        [reschedule.id, caller.businessId, reschedule.at],
      );
      const rows = Array.isArray(result[0]) ? result[0] : result;
      if (rows.length === 0) throw badRequest(BOOKING_MESSAGES.alreadyRescheduled);
    }
    const window = { from: start, to: start + rules.base.durationInMinutes * 60_000 };
    const data = await availabilityData(manager, caller.businessId, window, rules.base, [userId], exceptEventId, caller.id);
    const input = { ...rules.base, ...data, intervalInMinutes };
    if (!isSlotAvailable({ ...input, busy: [] }, userId, start)) throw badRequest(BOOKING_MESSAGES.outsideAvailability);
    if (!isSlotAvailable(input, userId, start)) throw badRequest(BOOKING_MESSAGES.slotTaken);
  };

/** An IANA timezone name. */
const timezoneValidator = (value: unknown) => validZone(v.string(100)(value)) ?? fail('Invalid timezone');

class BookAppointmentInput extends BookingRulesFields {
  @Required(v.id, S.id)
  userId!: string;

  @Required(v.date, S.date)
  startTime!: Date;

  @Optional(termsValidator, S.listOf(S.object))
  agreedToTerms?: unknown[];

  @Optional(timezoneValidator, { type: 'string', description: 'IANA timezone' })
  timezone?: string;

  @Optional(v.number(1, 24 * 60), S.number(1, 24 * 60))
  intervalInMinutes?: number;

  @Optional(v.id, S.id)
  rescheduledCalendarEventId?: string;
}

/**
 * POST /book-appointment { calendarEventTemplateId, userId, startTime, locationId?, bookingPageId?,
 * agreedToTerms?, timezone?, rescheduledCalendarEventId?, intervalInMinutes? } (endusers, including
 * the public booking session) answers { createdEvent }. The event is created through the engine (so it
 * is validated, logged, announced, fires 'Appointment Created' and starts its reminders); a reschedule
 * then marks the old event (rescheduledAt, rescheduledTo) and moves its reminders to the new one. The
 * patient gets a confirmation email and text unless the template disables them; the answer also
 * carries that confirmation's place and signed links (confirmation: { place, calendarLink,
 * cancelLink, rescheduleLink?, portalLink }) for the booker's own confirmation screen.
 */
export const bookAppointment = defineAction({
  method: 'post',
  path: '/book-appointment',
  auth: 'enduser',
  input: BookAppointmentInput,
  handler: async ({ services, caller }, input) => {
    const rules = await bookingRules(services, caller, input as unknown as Record<string, unknown>);
    const userId = input.userId;
    const start = input.startTime.getTime();
    const agreedToTerms = (input.agreedToTerms ?? []) as Term[];
    const timezone = input.timezone;
    const intervalInMinutes = input.intervalInMinutes;
    const rescheduledId = input.rescheduledCalendarEventId;
    const { template, page } = rules;
    const duration = rules.base.durationInMinutes;

    assertTermsAgreed(page, agreedToTerms);
    if (!pageDatesAllow(page, start, duration)) throw badRequest(BOOKING_MESSAGES.outsidePageDates);
    const previous = rescheduledId ? ((await services.engine.getOne(calendar_events, caller, rescheduledId)) as Row) : undefined;
    if (previous && (previous.cancelledAt || previous.rescheduledAt)) throw badRequest(BOOKING_MESSAGES.alreadyRescheduled);
    const location = rules.base.locationId ? ((await services.engine.getOne(appointment_locations, caller, rules.base.locationId)) as Row) : undefined;

    const event: Row = {
      ...fieldsFromTemplate(template),
      startTimeInMS: start,
      durationInMinutes: duration,
      timezone,
      templateId: template.id,
      bookingPageId: page?.id,
      locationId: location?.id,
      location: location?.title,
      wasSelfScheduled: true,
      agreedToTerms: agreedToTerms.length ? agreedToTerms : undefined,
      attendees: [
        { type: 'user', id: userId },
        { type: 'enduser', id: caller.id },
      ],
      reminders: fresh(previous?.reminders && (previous.reminders as unknown[]).length ? previous.reminders : template.reminders),
    };
    for (const key of Object.keys(event)) if (event[key] === undefined || event[key] === null) delete event[key];

    const reschedule = previous ? { id: previous.id as string, at: new Date() } : undefined;
    const createdEvent = await withBookingCheck(services.engine, slotCheck(services, caller, rules, userId, start, intervalInMinutes, reschedule), () =>
      services.engine.createOne(calendar_events, caller, event, undefined, { grantedByCall: true }),
    );
    if (reschedule) {
      await services.engine.updateOne(calendar_events, caller, reschedule.id, { rescheduledAt: reschedule.at.toISOString(), rescheduledTo: createdEvent.id, reminders: [] }, { replaceObjectFields: true });
    }
    sendBookingConfirmation(services, caller, template, createdEvent, previous !== undefined, location);
    // The confirmation's links and place for the booker's own last step (the widget's Add to calendar), a video visit named in the patient's language.
    const texts = await patientTextsWithin(services.dataSource.manager, caller.record);
    return { createdEvent, confirmation: await confirmationDetails(services, createdEvent, caller.id, location, texts) };
  },
});
