import type { DataSource } from 'typeorm';
import { log } from '@temporalio/activity';
import { type AutomationEffects, type JourneyRef, type RunStepResult } from '@carelane/automation';
import { ACTION_HANDLERS } from './automation-actions';
import type { ActionContext, AutomationDeps } from './automation-action-context';
import { automationError, findRow, updateRow, type Row } from './automation-records';
import { markAction } from './automated-action-row';
import { checkStepConditions } from './step-decision';
import { ownerOf, systemWithin, wholeBusiness } from './worker-engine';

/**
 * Carries out one due automated action of a journey run, in one transaction that holds its row:
 * checks that the step, the journey and the enduser (as the journey's organization sees them) are
 * still there and its conditions hold, then runs the catalogue action's handler. A database action
 * writes in this transaction; a send is claimed in the send-once ledger before it leaves.
 */
export const createRunStep =
  ({ dataSource, ...deps }: { dataSource: DataSource } & AutomationDeps) =>
  async (input: JourneyRef & { id: string; workflowId: string; journeyContext?: Record<string, unknown> }): Promise<RunStepResult> => {
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
      if (!(await checkStepConditions(manager, row, step, enduser))) {
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
