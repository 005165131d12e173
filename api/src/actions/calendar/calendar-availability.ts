import { validators as v } from '@carelane/db';
import { computeAvailability, usersWithoutTimezone } from '../../calendar/availability';
import { reportHoursWithoutTimezone } from '../../calendar/hours-without-timezone';
import { defineAction } from '../action';
import { availabilityData, availabilityWindow, bookingRules } from './booking-context';
import { publicBookingRules } from './public-booking-rules';
import { Optional, S } from '../input';
import { AvailabilityWindowFields } from './booking-context';

class CalendarAvailabilityInput extends AvailabilityWindowFields {
  @Optional(v.id, S.id)
  userId?: string;

  @Optional(v.listOf(v.id), S.listOf(S.id))
  userIds?: string[];

  @Optional(v.number(1, 24 * 60), S.number(1, 24 * 60))
  intervalInMinutes?: number;
}

/**
 * GET /calendar-availability { calendarEventTemplateId, from?, to?, limit?, locationId?,
 * restrictedByState?, state?, userId?, userIds?, intervalInMinutes?, bookingPageId? } answers
 * { availabilityBlocks: [{ startTimeInMS, userId, durationInMinutes }] }, earliest first, at most 1000,
 * over at most 30 days; without userId, every user offering hours. Staff callers also get
 * usersWithoutTimezone: the ids of those users whose hours no zone applies to (read in UTC and
 * reported as a background error; docs/decisions.md, "Availability: whose clock"), so the console
 * can warn; the reference client passes the extra field through. The business is the caller's
 * (a businessId parameter is the reference client's and changes nothing). Without a session (the
 * public widget's calendar, before its intake) businessId and bookingPageId are required and only
 * that page's templates are offered.
 */
export const calendarAvailability = defineAction({
  method: 'get',
  path: '/calendar-availability',
  auth: 'public',
  input: CalendarAvailabilityInput,
  handler: async ({ services, caller }, input) => {
    const fields = input as unknown as Record<string, unknown>;
    const { businessId, rules } = caller ? { businessId: caller.businessId, rules: await bookingRules(services, caller, fields) } : await publicBookingRules(services, fields);
    const window = availabilityWindow(fields);
    const userId = input.userId;
    const userIds = input.userIds;
    const named = userId ? [userId, ...(userIds ?? [])] : userIds;
    const holder = caller?.type === 'enduser' ? caller.id : undefined;
    const data = await availabilityData(services.dataSource.manager, businessId, window, rules.base, named, undefined, holder);
    const intervalInMinutes = input.intervalInMinutes;
    const withoutTimezone = usersWithoutTimezone(data);
    if (withoutTimezone.length) {
      // Reporting must never cost the patient their slots.
      await reportHoursWithoutTimezone(services.dataSource, businessId, withoutTimezone).catch((error: Error) =>
        console.error(`calendar-availability: could not record hours without a time zone: ${error.message}`),
      );
    }
    return {
      availabilityBlocks: computeAvailability({ ...rules.base, ...data, ...window, intervalInMinutes, now: Date.now() }),
      ...(caller?.type === 'user' ? { usersWithoutTimezone: withoutTimezone } : {}),
    };
  },
});
