import type { Action } from '../action';
import { analyticsDashboard } from './dashboard';
import { resultForAnalyticsQuery } from './result-for-analytics-query';

/** Analytics calls (docs/contract/api.md#forums-and-analytics). */
export const ANALYTICS_ACTIONS: Action[] = [resultForAnalyticsQuery, analyticsDashboard];
