import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  isCancellation,
  log,
  patched,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { JourneyActivities } from '@carelane/activities/journey-activities';
import type { AutomationActivities } from '@carelane/activities/automation-activities';
import type { BegunOutcome, BegunStep, BeginJourneyRequest, JourneyBeginning, StepMatch } from '@carelane/automation';
import { delayInMs } from '@carelane/automation';
import { QUERIES, SIGNALS } from './constants';
import { applyEffects, hasSearchAttributes } from './effects';
import { newRecordId } from './ids';
import { SEARCH_KEYS } from './search-attributes';

export interface JourneyInput {
  businessId: string;
  journeyId: string;
  enduserId: string;
  journeyContext?: Record<string, unknown>;
  /** Carried over by continue-as-new; absent on the first run. */
  carried?: CarriedState;
}

/** Steps that wait for something a finished step set in motion (its form submitted, its ticket closed, a trigger). */
interface Listener {
  kind: 'formResponse' | 'ticketCompleted' | 'waitForTrigger';
  sourceStepId: string;
  match: StepMatch;
}

interface CarriedState {
  listeners: Listener[];
  submittedForms: string[];
  closedTickets: { stepId: string; reason?: string }[];
  stepsTaken: string[];
}

export interface PendingStepStatus {
  automatedActionId: string;
  stepId: string;
  eventType: string;
  processAfter: number;
}

export interface JourneyStatus {
  /** Steps waiting for their time (or running now). */
  pending: PendingStepStatus[];
  /** Steps waiting for a form, a ticket or a trigger. */
  waiting: { kind: Listener['kind']; stepId: string; sourceStepId: string }[];
  /** Step ids taken so far, in order (finished, skipped, cancelled or error). */
  stepsTaken: string[];
  state: string | null;
}

export const formSubmittedSignal = defineSignal<[{ automationStepId: string; formResponseId?: string }]>(SIGNALS.formSubmitted);
export const ticketCompletedSignal = defineSignal<[{ automationStepId: string; ticketId?: string; closedForReason?: string }]>(SIGNALS.ticketCompleted);
export const triggerFiredSignal = defineSignal<[{ triggerId: string }]>(SIGNALS.triggerFired);
export const stepsDeletedSignal = defineSignal<[{ stepIds: string[] }]>(SIGNALS.stepsDeleted);
export const automatedActionCancelledSignal = defineSignal<[{ automatedActionId: string }]>(SIGNALS.automatedActionCancelled);
export const automatedActionRetriedSignal = defineSignal<[{ automatedActionId: string }]>(SIGNALS.automatedActionRetried);
export const journeyStatusQuery = defineQuery<JourneyStatus>(QUERIES.journeyStatus);

/** Bookkeeping in PostgreSQL: short, idempotent, retried patiently (a database restart should not end a journey). */
const bookkeeping = proxyActivities<JourneyActivities & AutomationActivities>({
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 30 },
});

/**
 * The step's action: sends, webhooks and writes. Retried with backoff for passing failures; an
 * `AutomationError` (no email address, missing template ...) fails at once and is recorded.
 */
const actions = proxyActivities<AutomationActivities>({
  startToCloseTimeout: '2 minutes',
  // The activity heartbeats every 2 seconds: a worker that died mid-step is noticed in 10.
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 8, nonRetryableErrorTypes: ['AutomationError'] },
});

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

const MAX_STEPS_IN_SEARCH_ATTRIBUTE = 100;

const describeFailure = (error: unknown) => {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure) return cause.message;
  return (cause as Error | undefined)?.message ?? String(error);
};

/**
 * An enduser's run through one journey. It lives as long as the enduser is in the journey: it enters
 * the default state, runs the onJourneyStart steps, and then whatever follows each finished step
 * (delays, forms answered or not, tickets closed, triggers). Every step it takes is mirrored as an
 * automated_actions row, written by activities. Removing the enduser from the journey cancels the
 * run (pending actions become cancelled); when nothing is left to do the run waits, idle and cheap,
 * so adding the enduser again finds it and runs nothing twice.
 */
export async function journeyWorkflow(input: JourneyInput): Promise<{ state: string | null; left: boolean }> {
  const { businessId, journeyId, enduserId } = input;
  const ref = { businessId, journeyId, enduserId };
  const { workflowId } = workflowInfo();
  const carried = input.carried;

  const pending = new Map<string, PendingStepStatus & { cancelled: boolean; cancelOnFormsOf: string[]; unsubmittedOf?: string }>();
  const listeners: Listener[] = [...(carried?.listeners ?? [])];
  const submittedForms = new Set(carried?.submittedForms ?? []);
  const closedTickets = new Map((carried?.closedTickets ?? []).map((ticket) => [ticket.stepId, ticket.reason]));
  const deletedSteps = new Set<string>();
  const stepsTaken: string[] = [...(carried?.stepsTaken ?? [])];
  let state: string | null = null;
  let inflight = 0;
  let leaving = false;
  const indexed = hasSearchAttributes();

  const spawn = (work: () => Promise<void>) => {
    inflight += 1;
    void work()
      .catch((error) => {
        if (!isCancellation(error)) log.error('journey branch failed', { error: describeFailure(error) });
      })
      .finally(() => {
        inflight -= 1;
      });
  };

  const tookStep = (stepId: string) => {
    stepsTaken.push(stepId);
    if (indexed) upsertSearchAttributes([{ key: SEARCH_KEYS.stepIds, value: [...new Set(stepsTaken)].slice(-MAX_STEPS_IN_SEARCH_ATTRIBUTE) }]);
  };

  /** Schedules the step and runs it when due; `begun`: the journey's beginning already scheduled it (and may have run it). */
  const runStep = async (match: StepMatch, begun?: BegunStep & { id: string }) => {
    if (!begun && (deletedSteps.has(match.stepId) || leaving)) return;
    const id = begun?.id ?? newRecordId();
    const delay = match.event.type === 'afterAction' || match.event.type === 'formUnsubmitted' ? delayInMs(match.event.info) : 0;
    const processAfter = begun?.processAfter ?? Date.now() + delay;
    const scheduled = begun ? begun.scheduled : await bookkeeping.scheduleStep({ ...ref, id, stepId: match.stepId, event: match.event, processAfter });
    if (!scheduled) return;
    const entry = {
      automatedActionId: id,
      stepId: match.stepId,
      eventType: match.event.type,
      processAfter: scheduled.heldUntil ?? processAfter,
      cancelled: false,
      cancelOnFormsOf: scheduled.cancelOnFormsOf,
      unsubmittedOf: match.event.type === 'formUnsubmitted' ? (match.event.info.automationStepId as string) : undefined,
    };
    pending.set(id, entry);
    try {
      const shouldCancel = () =>
        entry.cancelled ||
        leaving ||
        deletedSteps.has(entry.stepId) ||
        entry.cancelOnFormsOf.some((stepId) => submittedForms.has(stepId)) ||
        (entry.unsubmittedOf !== undefined && submittedForms.has(entry.unsubmittedOf));
      // Quiet hours may hold the step past its own delay (ScheduledStep.heldUntil).
      const wait = scheduled.heldUntil !== undefined ? Math.max(delay, scheduled.heldUntil - Date.now()) : delay;
      if (wait > 0) await condition(shouldCancel, wait);
      if (!begun?.outcome && shouldCancel()) {
        await bookkeeping.settleStep({ ...ref, id, status: 'cancelled', reason: 'A cancel condition was met' });
        return;
      }
      const status = await act(id, begun?.outcome);
      if (status === 'gone') return;
      tookStep(match.stepId);
      if (status === 'finished' || (status === 'error' && scheduled.continueOnError)) await follow(match.stepId, begun?.following);
    } finally {
      pending.delete(id);
    }
  };

  /**
   * Carries out the automated action `id` (due now); a failure is recorded on it as error. `ran`: the
   * journey's beginning already carried it out (an error there is recorded already).
   */
  const act = async (id: string, ran?: BegunOutcome): Promise<'finished' | 'skipped' | 'gone' | 'error'> => {
    if (ran?.status === 'error') return 'error';
    try {
      const result = ran ?? (await actions.runStep({ ...ref, id, workflowId, journeyContext: input.journeyContext }));
      const { leftOwnJourney } = await applyEffects(result.effects, {
        businessId,
        enduserId,
        self: { journeyId },
        onOwnTicketClosed: (ticket) => onTicketCompleted(ticket),
      });
      if (leftOwnJourney) leaving = true;
      return result.status;
    } catch (error) {
      if (isCancellation(error)) throw error;
      await bookkeeping.settleStep({ ...ref, id, status: 'error', message: describeFailure(error) });
      return 'error';
    }
  };

  /**
   * Staff retry of a failed step (the api checked who asks and that the action may be retried): the
   * same automated action runs again, so its once-only send bookkeeping holds, and what follows the
   * step runs when it now finishes (unless it already ran, the step continuing on error).
   */
  const retryStep = async (id: string) => {
    if (leaving) return;
    const reopened = await bookkeeping.reopenStep({ ...ref, id });
    if (!reopened) return;
    const entry = { automatedActionId: id, stepId: reopened.stepId, eventType: 'retry', processAfter: Date.now(), cancelled: false, cancelOnFormsOf: [] };
    pending.set(id, entry);
    try {
      if (entry.cancelled || leaving || deletedSteps.has(reopened.stepId)) {
        await bookkeeping.settleStep({ ...ref, id, status: 'cancelled', reason: 'A cancel condition was met' });
        return;
      }
      const status = await act(id);
      if (status === 'finished' && !reopened.continueOnError) await follow(reopened.stepId);
    } finally {
      pending.delete(id);
    }
  };

  /** After a step: run what follows it now (delays) and listen for what follows later (forms, tickets, triggers). */
  const follow = async (stepId: string, found?: StepMatch[]) => {
    if (leaving) return;
    const matches = found ?? (await bookkeeping.findFollowingSteps({ businessId, journeyId, afterStepId: stepId }));
    for (const match of matches) {
      if (match.event.type === 'afterAction' || match.event.type === 'formUnsubmitted') {
        spawn(() => runStep(match));
      } else if (match.event.type === 'formResponse' || match.event.type === 'ticketCompleted' || match.event.type === 'waitForTrigger') {
        listeners.push({ kind: match.event.type, sourceStepId: stepId, match });
      }
    }
    // The form or ticket may have been answered before its step finished.
    if (submittedForms.has(stepId)) fire((listener) => listener.kind === 'formResponse' && listener.sourceStepId === stepId);
    if (closedTickets.has(stepId)) {
      const reason = closedTickets.get(stepId);
      fire((listener) => listener.kind === 'ticketCompleted' && listener.sourceStepId === stepId && reasonMatches(listener, reason));
    }
  };

  const reasonMatches = (listener: Listener, reason: string | undefined) => {
    const wanted = listener.match.event.info.closedForReason as string | undefined;
    return !wanted || wanted === reason;
  };

  /** Runs (once) the listening steps the predicate picks. */
  const fire = (pick: (listener: Listener) => boolean) => {
    for (let index = listeners.length - 1; index >= 0; index -= 1) {
      const listener = listeners[index];
      if (!pick(listener)) continue;
      listeners.splice(index, 1);
      spawn(() => runStep(listener.match));
    }
  };

  const onTicketCompleted = ({ automationStepId, closedForReason }: { automationStepId: string; closedForReason?: string }) => {
    closedTickets.set(automationStepId, closedForReason);
    fire((listener) => listener.kind === 'ticketCompleted' && listener.sourceStepId === automationStepId && reasonMatches(listener, closedForReason));
  };

  setHandler(formSubmittedSignal, ({ automationStepId }) => {
    submittedForms.add(automationStepId);
    fire((listener) => listener.kind === 'formResponse' && listener.sourceStepId === automationStepId);
  });
  setHandler(ticketCompletedSignal, onTicketCompleted);
  setHandler(triggerFiredSignal, ({ triggerId }) => {
    fire((listener) => listener.kind === 'waitForTrigger' && listener.match.event.info.triggerId === triggerId);
  });
  setHandler(stepsDeletedSignal, ({ stepIds }) => {
    for (const stepId of stepIds) deletedSteps.add(stepId);
    for (let index = listeners.length - 1; index >= 0; index -= 1) {
      if (deletedSteps.has(listeners[index].match.stepId)) listeners.splice(index, 1);
    }
  });
  setHandler(automatedActionCancelledSignal, ({ automatedActionId }) => {
    const entry = pending.get(automatedActionId);
    if (entry) entry.cancelled = true;
  });
  setHandler(automatedActionRetriedSignal, ({ automatedActionId }) => {
    if (!pending.has(automatedActionId)) spawn(() => retryStep(automatedActionId));
  });
  setHandler(journeyStatusQuery, () => ({
    pending: [...pending.values()].map(({ automatedActionId, stepId, eventType, processAfter }) => ({ automatedActionId, stepId, eventType, processAfter })),
    waiting: listeners.map((listener) => ({ kind: listener.kind, stepId: listener.match.stepId, sourceStepId: listener.sourceStepId })),
    stepsTaken: [...stepsTaken],
    state,
  }));

  try {
    if (!carried && patched('begin-journey-in-one-activity')) {
      const actionIds = Array.from({ length: BEGINNING_ACTION_IDS }, () => newRecordId());
      const begun = await beginning.beginJourney({ ...ref, updateId: newRecordId(), actionIds, now: Date.now(), workflowId, journeyContext: input.journeyContext });
      state = begun.state;
      if (state === null) return { state, left: true };
      for (const step of begun.steps) {
        const { id } = step;
        spawn(() => (id ? runStep(step.match, { ...step, id }) : runStep(step.match)));
      }
    } else if (!carried) {
      state = await bookkeeping.enterJourney({ ...ref, updateId: newRecordId() });
      if (state === null) return { state, left: true };
      const starts = await bookkeeping.findFollowingSteps({ businessId, journeyId, afterStepId: null });
      for (const match of starts) spawn(() => runStep(match));
    }
    for (;;) {
      // Idle when no step is under way; continue as new then if the history has grown long.
      await condition(() => leaving || (inflight === 0 && workflowInfo().continueAsNewSuggested));
      if (leaving) break;
      await continueAsNew<typeof journeyWorkflow>({
        ...input,
        carried: {
          listeners,
          submittedForms: [...submittedForms],
          closedTickets: [...closedTickets].map(([stepId, reason]) => ({ stepId, reason })),
          stepsTaken: stepsTaken.slice(-MAX_STEPS_IN_SEARCH_ATTRIBUTE),
        },
      });
    }
    // A step of this journey removed the enduser from it: what was pending is cancelled.
    await bookkeeping.cancelPendingSteps(ref);
    return { state, left: true };
  } catch (error) {
    if (isCancellation(error)) {
      // Removed from the journey, or the journey was deleted: pending automated actions become cancelled.
      await CancellationScope.nonCancellable(() => bookkeeping.cancelPendingSteps(ref));
    }
    throw error;
  }
}
