import { validators as v } from '@carelane/db';
import { computeAvailability } from '../../calendar/availability';
import { defineAction } from '../action';
import { optionalField } from '../messaging/input';
import { availabilityData, availabilityWindow, bookingRules } from './booking-context';
import { publicBookingRules } from './public-booking-rules';

/**
 * GET /calendar-availability { calendarEventTemplateId, from?, to?, limit?, locationId?,
 * restrictedByState?, state?, userId?, userIds?, intervalInMinutes?, bookingPageId? } answers
 * { availabilityBlocks: [{ startTimeInMS, userId, durationInMinutes }] }, earliest first, at most 1000,
 * over at most 30 days; without userId, every user offering hours. The business is the caller's
 * (a businessId parameter is the reference client's and changes nothing). Without a session (the
 * public widget's calendar, before its intake) businessId and bookingPageId are required and only
 * that page's templates are offered.
 */
export const calendarAvailability = defineAction({
  method: 'get',
  path: '/calendar-availability',
  auth: 'public',
  handler: async ({ services, caller }, input) => {
    const { businessId, rules } = caller ? { businessId: caller.businessId, rules: await bookingRules(services, caller, input) } : await publicBookingRules(services, input);
    const window = availabilityWindow(input);
    const userId = optionalField(input, 'userId', v.id);
    const userIds = optionalField(input, 'userIds', v.listOf(v.id));
    const named = userId ? [userId, ...(userIds ?? [])] : userIds;
    const data = await availabilityData(services.dataSource.manager, businessId, window, rules.base, named);
    const intervalInMinutes = optionalField(input, 'intervalInMinutes', v.number(1, 24 * 60));
    return {
      availabilityBlocks: computeAvailability({ ...rules.base, ...data, ...window, intervalInMinutes, now: Date.now() }),
    };
  },
});
