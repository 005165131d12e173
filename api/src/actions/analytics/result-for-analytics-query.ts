import { isAdmin } from '../../auth/caller';
import { ApiError } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { defineAction } from '../action';
import { countForAnalyticsQuery } from './count';
import { AnalyticsQueryInput, parseAnalyticsRequest } from './input';

/**
 * GET /result-for-analytics-query { query, createdRange?, updatedRange?, groupByCareTeam? } (Admin
 * only): the Total of Endusers, Calendar Events, Form Responses, Purchases, Purchase Credits or
 * Tickets in the caller's business and organization scope, counted in PostgreSQL. Answers
 * { count }, or { values } of { timestamp?, key?, userId?, value } when the query has a range or a
 * grouping (docs/contract/api.md#forums-and-analytics; choices in docs/decisions.md, "Analytics
 * queries").
 */
export const resultForAnalyticsQuery = defineAction({
  method: 'get',
  path: '/result-for-analytics-query',
  auth: 'user',
  input: AnalyticsQueryInput,
  authorize: ({ caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  },
  handler: async ({ services, caller }, input) => {
    return countForAnalyticsQuery(services.dataSource, caller, parseAnalyticsRequest(input as unknown as Record<string, unknown>));
  },
});
