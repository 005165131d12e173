import type { DashboardAnswer } from '@carelane/automation';
import { journeys } from '@carelane/db';
import { isAdmin } from '../../auth/caller';
import { ApiError } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { defineAction } from '../action';
import { Optional } from '../input';
import { instantOf, localTime } from '@carelane/automation';
import { analyticsTimeZone, TIME_ZONE_SCHEMA } from './time-zone-input';
import { appointmentsByStatus, formsCompletedPerWeek, messagesByChannel, newPatientsPerWeek, patientsByJourneyState } from './dashboard-counts';

/** The weeks the dashboard looks back over, this one included. */
export const DASHBOARD_WEEKS = 8;
/** The journeys whose states the dashboard counts: the newest ones the caller may read. */
export const DASHBOARD_JOURNEYS = 10;

/**
 * The midnights that start the dashboard's weeks on `timeZone`'s clock, oldest first: DASHBOARD_WEEKS
 * Mondays with this week's last. Counted on the local calendar, so a week with a clock change is 167
 * or 169 hours long, as PostgreSQL's date_trunc in that zone makes it.
 */
export const dashboardWeeks = (now: Date, timeZone = 'UTC') => {
  const today = localTime(now.getTime(), timeZone);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  return Array.from({ length: DASHBOARD_WEEKS }, (_, index) => {
    const monday = new Date(Date.UTC(today.year, today.month - 1, today.day - ((weekday + 6) % 7) - 7 * (DASHBOARD_WEEKS - 1 - index)));
    return new Date(instantOf({ year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate(), hour: 0, minute: 0 }, timeZone));
  });
};

class DashboardInput {
  @Optional(analyticsTimeZone, TIME_ZONE_SCHEMA)
  timezone?: string;
}

/**
 * GET /analytics-dashboard (Admin only, as analytics queries are): the staff dashboard's ready counts
 * since the Monday DASHBOARD_WEEKS weeks back, weeks on the `timezone` asked for (UTC by default): new patients and completed forms per week,
 * appointments by status, messages by channel, and the patients in each state of the newest
 * journeys. Each is counted over the caller's scope (docs/decisions.md, "The analytics dashboard").
 */
export const analyticsDashboard = defineAction({
  method: 'get',
  path: '/analytics-dashboard',
  auth: 'user',
  input: DashboardInput,
  authorize: ({ caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  },
  handler: async ({ services, caller }, input) => {
    const timeZone = input.timezone ?? 'UTC';
    const weekStarts = dashboardWeeks(new Date(), timeZone);
    const since = weekStarts[0]!;
    const { dataSource } = services;
    const journeyRows = await services.engine.rows(journeys, caller, { sort: 'newFirst', limit: DASHBOARD_JOURNEYS });
    const [newPatients, appointments, formsCompleted, messages, journeyStates] = await Promise.all([
      newPatientsPerWeek(dataSource, caller, since, timeZone),
      appointmentsByStatus(dataSource, caller, since),
      formsCompletedPerWeek(dataSource, caller, since, timeZone),
      messagesByChannel(dataSource, caller, since),
      patientsByJourneyState(dataSource, caller, journeyRows as Record<string, unknown>[]),
    ]);
    const answer: DashboardAnswer = { since: since.toISOString(), weeks: DASHBOARD_WEEKS, weekStarts: weekStarts.map((start) => start.toISOString()), newPatients, appointments, formsCompleted, messages, journeyStates };
    return answer;
  },
});
