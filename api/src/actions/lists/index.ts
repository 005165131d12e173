import type { Action } from '../action';
import { listEndusers } from './list-endusers';
import { taskQueue } from './task-queue';

/** The staff app's lists where the generic list cannot express them: any column's sort, one queue over tickets and tasks. */
export const LISTS_ACTIONS: Action[] = [listEndusers, taskQueue];
