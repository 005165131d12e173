import { getExternalWorkflowHandle, log, ParentClosePolicy, startChild, workflowInfo } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { homeTaskQueue, type AutomationEffects } from '@carelane/automation';
import { journeyWorkflowId, remindersWorkflowId, SIGNALS, WORKFLOW_TYPES } from './constants';
import { memoFor, SEARCH_KEYS, searchAttributesFor } from './search-attributes';

/** Whether this run carries the registered search attributes (its children then get them too). */
export const hasSearchAttributes = () => {
  return workflowInfo().typedSearchAttributes.get(SEARCH_KEYS.businessId) !== undefined;
};

const ignoreMissing = async (work: Promise<unknown>, what: string) => {
  try {
    await work;
  } catch (error) {
    // The other run already ended (or never existed): nothing is waiting for this.
    log.info(`${what}: ${(error as Error).message}`);
  }
};

/**
 * Starts an enduser's run through a journey from inside a workflow. The child is abandoned (it lives
 * on when this run ends) and has the deterministic journey id, so a run already in progress is left
 * as it is: adding twice never runs the steps twice.
 */
export const startJourneyRun = async (input: { businessId: string; journeyId: string; enduserId: string; journeyContext?: Record<string, unknown> }) => {
  const subject = { businessId: input.businessId, enduserId: input.enduserId, journeyId: input.journeyId };
  try {
    await startChild(WORKFLOW_TYPES.journey, {
      workflowId: journeyWorkflowId(input.businessId, input.journeyId, input.enduserId),
      // A journey a trigger starts runs on the platform's queue, not the trigger's own.
      taskQueue: homeTaskQueue(workflowInfo().taskQueue),
      args: [input],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      memo: memoFor(subject),
      ...(hasSearchAttributes() ? { typedSearchAttributes: searchAttributesFor(subject) } : {}),
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
};

/**
 * Carries out what an activity asked for that only a workflow can do. `self` is the journey this
 * run belongs to (if any): leaving it is reported back instead of cancelling ourselves, and tickets
 * of our own journey are handed to `onOwnTicketClosed`.
 */
export const applyEffects = async (
  effects: AutomationEffects | undefined,
  context: {
    businessId: string;
    enduserId: string;
    self?: { journeyId: string };
    onOwnTicketClosed?: (ticket: { automationStepId: string; ticketId: string; closedForReason?: string }) => void;
  }
): Promise<{ leftOwnJourney: boolean }> => {
  let leftOwnJourney = false;
  if (!effects) return { leftOwnJourney };
  for (const journeyId of effects.startJourneys ?? []) {
    if (journeyId === context.self?.journeyId) continue;
    await startJourneyRun({ businessId: context.businessId, journeyId, enduserId: context.enduserId });
  }
  for (const journeyId of effects.cancelJourneys ?? []) {
    if (journeyId === context.self?.journeyId) {
      leftOwnJourney = true;
      continue;
    }
    await ignoreMissing(getExternalWorkflowHandle(journeyWorkflowId(context.businessId, journeyId, context.enduserId)).cancel(), `cancel journey ${journeyId}`);
  }
  for (const calendarEventId of effects.remindersChanged ?? []) {
    await ignoreMissing(
      getExternalWorkflowHandle(remindersWorkflowId(context.businessId, calendarEventId)).signal(SIGNALS.remindersChanged),
      `reminders of ${calendarEventId}`
    );
  }
  for (const ticket of effects.ticketsClosed ?? []) {
    if (ticket.journeyId === context.self?.journeyId && context.onOwnTicketClosed) {
      context.onOwnTicketClosed(ticket);
      continue;
    }
    await ignoreMissing(
      getExternalWorkflowHandle(journeyWorkflowId(context.businessId, ticket.journeyId, context.enduserId)).signal(SIGNALS.ticketCompleted, {
        automationStepId: ticket.automationStepId,
        ticketId: ticket.ticketId,
        closedForReason: ticket.closedForReason,
      }),
      `ticket ${ticket.ticketId}`
    );
  }
  return { leftOwnJourney };
};
