import type { DataSource } from 'typeorm';
import { log } from '@temporalio/activity';
import { enduserMatches, followingMatches, journeyConditionsMet, retryRefusal } from '@carelane/automation';
import { ACTION_HANDLERS } from './automation-actions';
import type { ActionContext, AutomationDeps } from './automation-action-context';
import { automationError, derivedId, findRow, heartbeating, insertOnce, recordBackgroundError, updateRow, type Row } from './automation-records';
import type { AutomationEffects, AutomationEventShape, JourneyRef, RunStepResult, ScheduledStep, StepMatch } from '@carelane/automation';
import { quietHoursHold } from './quiet-hours-hold';
import { ownerOf, systemWithin, wholeBusiness } from './worker-engine';

/**
 * Activities behind a journey run's steps. Every step is mirrored as an automated_actions row whose
 * id the workflow chose: scheduled (active, processAfter), then finished, cancelled or error. Each
 * activity is idempotent: a retry finds its own earlier writes, and a send that may have left the
 * building is never repeated.
 */
export const createAutomationActivities = ({ dataSource, ...deps }: { dataSource: DataSource } & AutomationDeps) => {
  const markAction = async (manager: ActionContext['manager'], row: Row, status: 'finished' | 'cancelled' | 'error', progress?: Row) =>
    // raw SQL: the automated action is the workflow's own bookkeeping (status, progress), written under the row lock runStep holds; not a change anyone reacts to
    updateRow(manager, 'automated_actions', row.businessId, row._id, { status, ...(progress ? { progress: { ...(row.progress ?? {}), ...progress } } : {}) });

  /** See runStep below. */
  const runStep = async (input: JourneyRef & { id: string; workflowId: string; journeyContext?: Record<string, unknown> }): Promise<RunStepResult> => {
    const { businessId, journeyId, enduserId } = input;
    return dataSource.transaction(async (manager): Promise<RunStepResult> => {
      // A second attempt waits this long for a first one still holding the row (then fails and is retried).
      // raw SQL: a session setting the engine has no form for
      await manager.query(`SET LOCAL lock_timeout = '30s'`);
      // raw SQL: the workflow's own bookkeeping row, locked for the run; engine migration of automation-activities.ts is still to do
      const row = await findRow(manager, 'automated_actions', businessId, input.id, true);
      // An earlier attempt finished the step and committed, then stopped before Temporal heard of it
      // (the worker died): the step is done, and what follows it must still run. Its effects were kept.
      if (row?.status === 'finished') return { status: 'finished', ...(row.progress?.effects ? { effects: row.progress.effects as AutomationEffects } : {}) };
      if (!row || row.status !== 'active') return { status: 'gone' };
      const type = row.action?.type as string;
      const handler = (ACTION_HANDLERS as Record<string, (typeof ACTION_HANDLERS)[keyof typeof ACTION_HANDLERS] | undefined>)[type];
      const business = systemWithin(manager, wholeBusiness(businessId));
      const journey = await business.byId('journeys', journeyId);
      const step = await business.byId('automation_steps', row.automationStepId);
      if (!journey || !step) {
        await markAction(manager, row, 'cancelled', { reason: journey ? 'The step was deleted' : 'The journey was deleted' });
        return { status: 'gone' };
      }
      // The step acts as its journey's organization: what it reads, renders and writes is what that organization sees.
      const owner = ownerOf(journey);
      // Writes lock the enduser; sends do not (a slow webhook must not hold up edits to the enduser).
      const enduser = await systemWithin(manager, owner).byId('endusers', enduserId, { lock: handler?.kind === 'db' });
      if (!enduser) {
        await markAction(manager, row, 'cancelled', { reason: 'The enduser no longer exists, or is outside the journey\'s organization' });
        return { status: 'gone' };
      }
      if (!((enduser.journeys as Record<string, string> | null) ?? {})[journeyId]) {
        await markAction(manager, row, 'cancelled', { reason: 'The enduser is no longer in the journey' });
        return { status: 'gone' };
      }
      if (!journeyConditionsMet(step.conditions, enduser.journeys) || !enduserMatches(enduser, step.enduserConditions)) {
        await markAction(manager, row, 'cancelled', { reason: 'The step conditions were not met' });
        return { status: 'skipped' };
      }
      if (!handler) throw automationError(`The action ${type} is not supported yet`);
      const context: ActionContext = {
        manager,
        ledger: dataSource.manager,
        deps,
        row,
        step,
        enduser,
        businessId,
        owner,
        journeyId,
        workflowId: input.workflowId,
        journeyContext: input.journeyContext,
      };
      if (handler.kind === 'db') {
        const { effects, progress } = await handler.run(context);
        // The effects are kept with the action, so an attempt retried after this commit can still hand them to the workflow.
        await markAction(manager, row, 'finished', { ...progress, finishedAt: new Date().toISOString(), ...(effects && Object.keys(effects).length ? { effects } : {}) });
        return { status: 'finished', effects };
      }
      const progress = (row.progress ?? {}) as Row;
      if (progress.sentAt) {
        await markAction(manager, row, 'finished');
        return { status: 'finished' };
      }
      // The send happens while this transaction holds the action's row lock (a second attempt running
      // alongside a hung first one waits on it). The send-once ledger is written outside it, claim
      // committed before the send and "sent" right after: a worker that dies after the SMTP server took
      // the message but before this transaction commits must not leave a retry that sends again.
      const prepared = await handler.prepare(context);
      const delivered = await prepared.deliver();
      if (prepared.record) {
        const column = prepared.record.resource === 'emails' ? 'messageId' : 'internalMessageId';
        // raw SQL: the sent message's provider id, written after delivery beside the action's bookkeeping; to move to an engine update with serverFields
        await updateRow(
          manager,
          prepared.record.resource,
          businessId,
          prepared.record.id,
          delivered.outcome ?? { delivered: true, ...(delivered.messageId ? { [column]: delivered.messageId } : {}) },
        );
      }
      await markAction(manager, row, 'finished', {
        sentAt: new Date().toISOString(),
        messageId: delivered.messageId ?? null,
        // An unsubscribed enduser: the step is done, nothing was sent, and the record says why.
        ...(delivered.outcome?.deliveryStatus === 'skipped' ? { skipped: delivered.outcome.deliveryNote ?? 'Not sent' } : {}),
        ...(prepared.record ? { recordId: prepared.record.id } : {}),
      });
      log.info('automation sent', { automatedActionId: row._id, type });
      return { status: 'finished' };
    });
  };

  return {
    /**
     * The steps of a journey that follow `afterStepId` (afterAction, formUnsubmitted, formResponse,
     * ticketCompleted, waitForTrigger naming it), or with `afterStepId: null` the onJourneyStart steps.
     */
    async findFollowingSteps({
      businessId,
      journeyId,
      afterStepId,
    }: {
      businessId: string;
      journeyId: string;
      afterStepId: string | null;
    }): Promise<StepMatch[]> {
      const query = dataSource
        // raw SQL: jsonb containment on events with an info sub-object; expressible with the filter language but not yet moved
        .createQueryBuilder('automation_steps', 's')
        .where('s."businessId" = :businessId AND s."journeyId" = :journeyId', { businessId, journeyId })
        .orderBy('s._id', 'ASC');
      if (afterStepId) query.andWhere('s.events @> :probe::jsonb', { probe: JSON.stringify([{ info: { automationStepId: afterStepId } }]) });
      else query.andWhere('s.events @> :probe::jsonb', { probe: JSON.stringify([{ type: 'onJourneyStart' }]) });
      const steps = (await query.getMany()) as Row[];
      return followingMatches(steps.map((step) => ({ id: step._id as string, events: step.events as AutomationEventShape[] | null })), afterStepId);
    },

    /** Writes the step's automated action (active, processAfter) once; null when the step no longer exists. */
    async scheduleStep(input: JourneyRef & { id: string; stepId: string; event: AutomationEventShape; processAfter: number }): Promise<ScheduledStep | null> {
      const step = await systemWithin(dataSource.manager, wholeBusiness(input.businessId)).byId('automation_steps', input.stepId);
      if (!step || step.journeyId !== input.journeyId) return null;
      // A retry finds the time the first attempt wrote; quiet hours are decided once, when the step is first scheduled.
      // raw SQL: the workflow's own bookkeeping row, read by the id the workflow chose
      const written = await findRow(dataSource.manager, 'automated_actions', input.businessId, input.id);
      const heldUntil = written
        ? Number(written.processAfter) > input.processAfter ? Number(written.processAfter) : undefined
        : await quietHoursHold(dataSource.manager, { ...input, actionType: String(step.action?.type ?? '') });
      const cancelConditions = (input.event.info?.cancelConditions as { type: string; info: { automationStepId: string } }[] | undefined) ?? [];
      // raw SQL: the workflow's own bookkeeping row (id chosen by the workflow), inserted once; not a change anyone reacts to
      await insertOnce(
        dataSource.manager,
        'automated_actions',
        {
          _id: input.id,
          businessId: input.businessId,
          automationStepId: input.stepId,
          enduserId: input.enduserId,
          journeyId: input.journeyId,
          event: input.event,
          action: step.action,
          status: 'active',
          processAfter: heldUntil ?? input.processAfter,
          cancelConditions: cancelConditions.length ? cancelConditions : null,
        },
        { organizationIds: step.organizationIds, creator: step.creator }
      );
      return {
        action: step.action,
        continueOnError: Boolean(step.continueOnError ?? step.action?.continueOnError),
        cancelOnFormsOf: cancelConditions.filter((condition) => condition.type === 'formResponse').map((condition) => condition.info.automationStepId),
        ...(heldUntil !== undefined ? { heldUntil } : {}),
      };
    },

    /**
     * Carries out a due automated action. Conditions (journey state, enduser fields and tags) are
     * checked against the enduser as they are now; writes happen in the transaction that marks the
     * action finished; sends are claimed in the ledger (committed) before they leave and marked "sent"
     * after, so a retry after a crash does not send again; a crash between the two is in doubt
     * (channels/delivery.ts says what a retry then does).
     */
    async runStep(input: JourneyRef & { id: string; workflowId: string; journeyContext?: Record<string, unknown> }): Promise<RunStepResult> {
      return heartbeating(() => runStep(input));
    },

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
  };
};

export type AutomationActivities = ReturnType<typeof createAutomationActivities>;
