import { validators as v } from '@carelane/db';
import { usersWithoutTimezone as withoutTimezone } from '../../calendar/availability';
import { loadAvailabilityUsers, loadHoursZones } from '../../calendar/availability-data';
import { reportHoursWithoutTimezone } from '../../calendar/hours-without-timezone';
import { defineAction } from '../action';
import { Optional, S } from '../input';

class UsersWithoutTimezoneInput {
  @Optional(v.listOf(v.id, 100), S.listOf(S.id))
  userIds?: string[];
}

/**
 * GET /users-without-timezone { userIds? } (staff) answers { userIds }: those of the named staff
 * members (default: the caller) whose working hours no time zone applies to, so they are offered in
 * UTC (docs/decisions.md, "Availability: whose clock"). It is the `usersWithoutTimezone` that
 * GET /calendar-availability answers staff, without needing an appointment type, so the calendar can
 * warn on each such staff member's calendar; they are reported as a background error as there.
 */
export const usersWithoutTimezone = defineAction({
  method: 'get',
  path: '/users-without-timezone',
  auth: 'user',
  input: UsersWithoutTimezoneInput,
  handler: async ({ services, caller }, input) => {
    const named = input.userIds?.length ? input.userIds : [caller.id];
    const manager = services.dataSource.manager;
    const users = await loadAvailabilityUsers(manager, caller.businessId, named);
    const userIds = withoutTimezone({ users, ...(await loadHoursZones(manager, caller.businessId, users)) });
    if (userIds.length) {
      await reportHoursWithoutTimezone(services.dataSource, caller.businessId, userIds).catch((error: Error) =>
        console.error(`users-without-timezone: could not record hours without a time zone: ${error.message}`),
      );
    }
    return { userIds };
  },
});
