import type { Action } from '../action';
import { resultForAnalyticsQuery } from './result-for-analytics-query';

/** Analytics calls (seeds 001 §7.11). */
export const ANALYTICS_ACTIONS: Action[] = [resultForAnalyticsQuery];
