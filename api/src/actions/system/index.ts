import type { Action } from '../action';
import { bulkRead } from './bulk-read';
import { resetDemo } from './reset-demo';
import { apiStatus, testAuthenticated } from './status';

/** The api's own calls: status, the caller check, the demo reset and bulk reads. */
export const SYSTEM_ACTIONS: Action[] = [apiStatus, testAuthenticated, resetDemo, bulkRead];
