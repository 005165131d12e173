import type { EntityManager } from 'typeorm';
import { updateRow, type Row } from './automation-records';

/** Ends an automated action as finished, cancelled or error, merging `progress` into what it holds. */
export const markAction = async (manager: EntityManager, row: Row, status: 'finished' | 'cancelled' | 'error', progress?: Row) =>
  // raw SQL: the automated action is the workflow's own bookkeeping (status, progress), written under the row lock runStep holds; not a change anyone reacts to
  updateRow(manager, 'automated_actions', row.businessId, row._id, { status, ...(progress ? { progress: { ...(row.progress ?? {}), ...progress } } : {}) });
