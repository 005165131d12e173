import { CancellationScope, condition, continueAsNew, defineQuery, defineSignal, isCancellation, patched, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { BeginJourneyRequest, JourneyBeginning } from '@carelane/automation';
import { QUERIES, SIGNALS } from './constants';
import { newRecordId } from './ids';
import { bookkeeping, JourneyRun, MAX_STEPS_IN_SEARCH_ATTRIBUTE } from './journey-run';
import type { JourneyInput, JourneyStatus } from './journey-types';

export type { CarriedState, JourneyInput, JourneyStatus, PendingStepStatus } from './journey-types';

export const formSubmittedSignal = defineSignal<[{ automationStepId: string; formResponseId?: string }]>(SIGNALS.formSubmitted);
export const ticketCompletedSignal = defineSignal<[{ automationStepId: string; ticketId?: string; closedForReason?: string }]>(SIGNALS.ticketCompleted);
export const triggerFiredSignal = defineSignal<[{ triggerId: string }]>(SIGNALS.triggerFired);
export const stepsDeletedSignal = defineSignal<[{ stepIds: string[] }]>(SIGNALS.stepsDeleted);
export const automatedActionCancelledSignal = defineSignal<[{ automatedActionId: string }]>(SIGNALS.automatedActionCancelled);
export const automatedActionRetriedSignal = defineSignal<[{ automatedActionId: string }]>(SIGNALS.automatedActionRetried);
export const automatedActionMovedSignal = defineSignal<[{ automatedActionId: string; processAfter: number }]>(SIGNALS.automatedActionMoved);
export const journeyStatusQuery = defineQuery<JourneyStatus>(QUERIES.journeyStatus);

/**
 * The journey's beginning (enter, onJourneyStart steps written, run, and what follows them found) in
 * one activity: it may send, so it heartbeats like a step's action, and it is retried as patiently as
 * bookkeeping (a retried attempt runs no step; the workflow runs those itself).
 */
const beginning = proxyActivities<{ beginJourney(input: BeginJourneyRequest): Promise<JourneyBeginning> }>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 30 },
});

/** Ids handed to the beginning for its onJourneyStart steps' automated actions; a journey with more has the rest run one by one. */
const BEGINNING_ACTION_IDS = 8;

/**
 * An enduser's run through one journey. It lives as long as the enduser is in the journey: it enters
 * the default state, runs the onJourneyStart steps, and then whatever follows each finished step
 * (delays, forms answered or not, tickets closed, triggers). Every step it takes is mirrored as an
 * automated_actions row, written by activities. Removing the enduser from the journey cancels the
 * run (pending actions become cancelled); when nothing is left to do the run waits, idle and cheap,
 * so adding the enduser again finds it and runs nothing twice.
 */
export async function journeyWorkflow(input: JourneyInput): Promise<{ state: string | null; left: boolean }> {
  const run = new JourneyRun(input);
  const { ref, listening } = run;

  setHandler(formSubmittedSignal, ({ automationStepId }) => listening.formSubmitted(automationStepId));
  setHandler(ticketCompletedSignal, ({ automationStepId, closedForReason }) => listening.ticketClosed(automationStepId, closedForReason));
  setHandler(triggerFiredSignal, ({ triggerId }) => listening.triggerFired(triggerId));
  setHandler(stepsDeletedSignal, ({ stepIds }) => {
    for (const stepId of stepIds) run.deletedSteps.add(stepId);
    listening.forget(run.deletedSteps);
  });
  setHandler(automatedActionCancelledSignal, ({ automatedActionId }) => {
    const entry = run.pending.get(automatedActionId);
    if (entry) entry.cancelled = true;
  });
  setHandler(automatedActionRetriedSignal, ({ automatedActionId }) => {
    if (!run.pending.has(automatedActionId)) run.spawn(() => run.retryStep(automatedActionId));
  });
  setHandler(automatedActionMovedSignal, ({ automatedActionId, processAfter }) => run.move(automatedActionId, processAfter));
  setHandler(journeyStatusQuery, () => ({
    pending: [...run.pending.values()].map(({ automatedActionId, stepId, eventType, processAfter }) => ({ automatedActionId, stepId, eventType, processAfter })),
    waiting: listening.listeners.map((listener) => ({ kind: listener.kind, stepId: listener.match.stepId, sourceStepId: listener.sourceStepId })),
    stepsTaken: [...run.stepsTaken],
    state: run.state,
  }));

  try {
    if (!input.carried && patched('begin-journey-in-one-activity')) {
      const actionIds = Array.from({ length: BEGINNING_ACTION_IDS }, () => newRecordId());
      const begun = await beginning.beginJourney({ ...ref, updateId: newRecordId(), actionIds, now: Date.now(), workflowId: run.workflowId, journeyContext: input.journeyContext });
      run.state = begun.state;
      if (run.state === null) return { state: run.state, left: true };
      for (const step of begun.steps) {
        const { id } = step;
        run.spawn(() => (id ? run.runStep(step.match, { ...step, id }) : run.runStep(step.match)));
      }
    } else if (!input.carried) {
      run.state = await bookkeeping.enterJourney({ ...ref, updateId: newRecordId() });
      if (run.state === null) return { state: run.state, left: true };
      const starts = await bookkeeping.findFollowingSteps({ businessId: ref.businessId, journeyId: ref.journeyId, afterStepId: null });
      for (const match of starts) run.spawn(() => run.runStep(match));
    }
    for (;;) {
      // Idle when no step is under way; continue as new then if the history has grown long.
      await condition(() => run.leaving || (run.inflight === 0 && workflowInfo().continueAsNewSuggested));
      if (run.leaving) break;
      await continueAsNew<typeof journeyWorkflow>({
        ...input,
        carried: { ...listening.carried(), stepsTaken: run.stepsTaken.slice(-MAX_STEPS_IN_SEARCH_ATTRIBUTE) },
      });
    }
    // A step of this journey removed the enduser from it: what was pending is cancelled.
    await bookkeeping.cancelPendingSteps(ref);
    return { state: run.state, left: true };
  } catch (error) {
    if (isCancellation(error)) {
      // Removed from the journey, or the journey was deleted: pending automated actions become cancelled.
      await CancellationScope.nonCancellable(() => bookkeeping.cancelPendingSteps(ref));
    }
    throw error;
  }
}
