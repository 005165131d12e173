import type { DataSource } from 'typeorm';
import { retryRefusal, type JourneyRef } from '@carelane/automation';
import { derivedId, findRow, recordBackgroundError, updateRow, type Row } from './automation-records';
import { markAction } from './automated-action-row';
import { systemWithin, wholeBusiness } from './worker-engine';

/** Reopening, settling and cancelling a journey run's automated actions (automation-activities.ts). */
export const createStepSettling = ({ dataSource }: { dataSource: DataSource }) => ({
  /**
   * Staff asked to retry a failed automated action: error becomes active again (one conditional
   * update under the row lock, so two retries at once reopen it once), counted in progress.retries.
   * Null when it is not (or no longer) a failed step that may be retried.
   */
  async reopenStep(input: JourneyRef & { id: string }): Promise<{ stepId: string; continueOnError: boolean } | null> {
    return dataSource.transaction(async (manager) => {
      // raw SQL: the workflow's own bookkeeping row, locked for the reopen; engine migration of automation-activities.ts is still to do
      const row = await findRow(manager, 'automated_actions', input.businessId, input.id, true);
      if (!row || row.enduserId !== input.enduserId || row.journeyId !== input.journeyId || retryRefusal(row)) return null;
      const progress = { ...(row.progress ?? {}) } as Row;
      delete progress.error;
      await updateRow(manager, 'automated_actions', row.businessId, row._id, {
        status: 'active',
        processAfter: Date.now(),
        progress: { ...progress, retries: Number(progress.retries ?? 0) + 1, retriedAt: new Date().toISOString(), lastError: row.progress?.error ?? null },
      });
      const step = await systemWithin(manager, wholeBusiness(input.businessId)).byId('automation_steps', row.automationStepId);
      return { stepId: row.automationStepId as string, continueOnError: Boolean(step?.continueOnError ?? step?.action?.continueOnError) };
    });
  },

  /** Ends a still-active automated action as cancelled or error (with a background_errors row for errors). */
  async settleStep(input: JourneyRef & { id: string; status: 'cancelled' | 'error'; message?: string; reason?: string }) {
    await dataSource.transaction(async (manager) => {
      // raw SQL: the workflow's own bookkeeping row, locked for the run; engine migration of automation-activities.ts is still to do
      const row = await findRow(manager, 'automated_actions', input.businessId, input.id, true);
      if (!row || row.status !== 'active') return;
      await markAction(manager, row, input.status, input.status === 'error' ? { error: input.message ?? 'Unknown error' } : { reason: input.reason });
      if (input.status === 'error') {
        // A retried step that fails again is a new error for staff to see (the first may be acknowledged).
        const retries = Number(row.progress?.retries ?? 0);
        await recordBackgroundError(manager, {
          id: derivedId(row._id, retries ? `error:${retries}` : 'error'),
          businessId: input.businessId,
          journeyId: input.journeyId,
          enduserId: input.enduserId,
          title: `Automation step failed (${row.action?.type ?? 'unknown'})`,
          message: `Automated action ${row._id} (step ${row.automationStepId}) failed: ${input.message ?? 'Unknown error'}`,
          organizationIds: row.organizationIds,
        });
      }
    });
  },

  /** Every still-active automated action of the enduser in the journey becomes cancelled (removal, deletion). */
  async cancelPendingSteps({ businessId, journeyId, enduserId }: JourneyRef) {
    // raw SQL: one set-based update of the workflow's own bookkeeping rows; the engine updates one record at a time
    const result = await dataSource
      .createQueryBuilder()
      .update('automated_actions')
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where('"businessId" = :businessId AND "journeyId" = :journeyId AND "enduserId" = :enduserId AND status = :status', {
        businessId,
        journeyId,
        enduserId,
        status: 'active',
      })
      .execute();
    return result.affected ?? 0;
  },
});
