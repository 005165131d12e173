import type { DashboardAnswer } from '@carelane/automation';
import { journeys } from '@carelane/db';
import { isAdmin } from '../../auth/caller';
import { ApiError } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { defineAction } from '../action';
import { NoInput } from '../input';
import { appointmentsByStatus, formsCompletedPerWeek, messagesByChannel, newPatientsPerWeek, patientsByJourneyState } from './dashboard-counts';

/** The weeks the dashboard looks back over, this one included. */
export const DASHBOARD_WEEKS = 8;
/** The journeys whose states the dashboard counts: the newest ones the caller may read. */
export const DASHBOARD_JOURNEYS = 10;

/** The Monday (UTC) that starts the dashboard's window: DASHBOARD_WEEKS weeks with this one last. */
export const dashboardSince = (now: Date) => {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7 * (DASHBOARD_WEEKS - 1));
  return monday;
};

/**
 * GET /analytics-dashboard (Admin only, as analytics queries are): the staff dashboard's ready counts
 * since the Monday DASHBOARD_WEEKS weeks back (UTC): new patients and completed forms per week,
 * appointments by status, messages by channel, and the patients in each state of the newest
 * journeys. Each is counted over the caller's scope (docs/decisions.md, "The analytics dashboard").
 */
export const analyticsDashboard = defineAction({
  method: 'get',
  path: '/analytics-dashboard',
  auth: 'user',
  input: NoInput,
  authorize: ({ caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  },
  handler: async ({ services, caller }) => {
    const since = dashboardSince(new Date());
    const { dataSource } = services;
    const journeyRows = await services.engine.rows(journeys, caller, { sort: 'newFirst', limit: DASHBOARD_JOURNEYS });
    const [newPatients, appointments, formsCompleted, messages, journeyStates] = await Promise.all([
      newPatientsPerWeek(dataSource, caller, since),
      appointmentsByStatus(dataSource, caller, since),
      formsCompletedPerWeek(dataSource, caller, since),
      messagesByChannel(dataSource, caller, since),
      patientsByJourneyState(dataSource, caller, journeyRows as Record<string, unknown>[]),
    ]);
    const answer: DashboardAnswer = { since: since.toISOString(), weeks: DASHBOARD_WEEKS, newPatients, appointments, formsCompleted, messages, journeyStates };
    return answer;
  },
});
