import type { AutomationEffects, AutomationEventShape, JourneyRef, RunStepResult, ScheduledStep, StepMatch } from './types';

/**
 * A journey's beginning in one activity (issue 20): entering the journey, finding the
 * onJourneyStart steps, writing their automated actions, running them and finding what follows
 * each were four activities one after the other before the first email left, each a round through
 * the Temporal server and a task on the worker's workflow thread. This composes the same activity
 * functions, so the real worker, the time-skipping tests' stand-ins and the dry run share one order
 * of work and one set of rules.
 */

export interface BeginJourneyInput extends JourneyRef {
  /** The status update's id (enterJourney's updateId). */
  updateId: string;
  /** Ids the workflow chose for the automated actions of the onJourneyStart steps, in match order; a match beyond them is left to the workflow. */
  actionIds: string[];
  /** The workflow's clock when it asked: the steps' processAfter. */
  now: number;
  workflowId: string;
  journeyContext?: Record<string, unknown>;
  /** False on a retried attempt: a step may have half-run, so steps are left to the workflow's own runStep. */
  runSteps: boolean;
}

/** What the workflow asks for; the activity decides `runSteps` from its attempt. */
export type BeginJourneyRequest = Omit<BeginJourneyInput, 'runSteps'>;

/** How a step the beginning ran ended; an error is already recorded on its automated action. */
export type BegunOutcome = { status: RunStepResult['status']; effects?: AutomationEffects } | { status: 'error'; message: string };

export interface BegunStep {
  match: StepMatch;
  /** Absent for a match beyond the workflow's ids: the workflow schedules and runs it itself. */
  id?: string;
  processAfter: number;
  /** Null: the step is gone (nothing to run). */
  scheduled?: ScheduledStep | null;
  /** Absent: not run here (a passing failure, or a retried attempt); the workflow runs it. */
  outcome?: BegunOutcome;
  /** What follows the step, when it finished (or failed and continues on error). */
  following?: StepMatch[];
}

export interface JourneyBeginning {
  /** Null: the journey or the enduser is gone, nothing was begun. */
  state: string | null;
  steps: BegunStep[];
}

/** The activity functions a beginning is made of (journey-activities.ts, automation-activities.ts). */
export interface JourneyBeginningParts {
  enterJourney(input: JourneyRef & { updateId?: string }): Promise<string | null>;
  findFollowingSteps(input: { businessId: string; journeyId: string; afterStepId: string | null }): Promise<StepMatch[]>;
  scheduleStep(input: JourneyRef & { id: string; stepId: string; event: AutomationEventShape; processAfter: number }): Promise<ScheduledStep | null>;
  runStep(input: JourneyRef & { id: string; workflowId: string; journeyContext?: Record<string, unknown> }): Promise<RunStepResult>;
  settleStep(input: JourneyRef & { id: string; status: 'cancelled' | 'error'; message?: string }): Promise<unknown>;
}

/** An `AutomationError` (missing template, no address ...): the step fails at once and is recorded, as the workflow records it. */
const automationErrorMessage = (error: unknown) => {
  const failure = error as { type?: string; message?: string } | undefined;
  return failure?.type === 'AutomationError' ? failure.message ?? 'Unknown error' : undefined;
};

const begin = async (parts: JourneyBeginningParts, input: BeginJourneyInput, step: BegunStep): Promise<BegunStep> => {
  const ref = { businessId: input.businessId, journeyId: input.journeyId, enduserId: input.enduserId };
  if (!step.id) return step;
  const scheduled = await parts.scheduleStep({ ...ref, id: step.id, stepId: step.match.stepId, event: step.match.event, processAfter: step.processAfter });
  // A step quiet hours hold is left to the workflow, whose timer waits for it.
  if (!scheduled || !input.runSteps || scheduled.heldUntil !== undefined) return { ...step, scheduled };
  let outcome: BegunOutcome;
  try {
    outcome = await parts.runStep({ ...ref, id: step.id, workflowId: input.workflowId, journeyContext: input.journeyContext });
  } catch (error) {
    const message = automationErrorMessage(error);
    // A passing failure (database, SMTP server away): the workflow's runStep retries it with its backoff.
    if (message === undefined) return { ...step, scheduled };
    await parts.settleStep({ ...ref, id: step.id, status: 'error', message });
    outcome = { status: 'error', message };
  }
  const follows = outcome.status === 'finished' || (outcome.status === 'error' && scheduled.continueOnError);
  const following = follows ? await parts.findFollowingSteps({ businessId: input.businessId, journeyId: input.journeyId, afterStepId: step.match.stepId }) : undefined;
  return { ...step, scheduled, outcome, following };
};

/**
 * Enters the journey and begins its onJourneyStart steps. Every part is idempotent (the workflow's
 * ids), so a retried beginning writes nothing twice; a retried one runs no step (`runSteps` false),
 * because the first attempt may have stopped inside a send, and the workflow's runStep, with the
 * send-once ledger, then decides.
 */
export const beginJourneyWith = async (parts: JourneyBeginningParts, input: BeginJourneyInput): Promise<JourneyBeginning> => {
  const ref = { businessId: input.businessId, journeyId: input.journeyId, enduserId: input.enduserId };
  const state = await parts.enterJourney({ ...ref, updateId: input.updateId });
  if (state === null) return { state, steps: [] };
  const matches = await parts.findFollowingSteps({ businessId: input.businessId, journeyId: input.journeyId, afterStepId: null });
  const steps = matches.map((match, index): BegunStep => ({ match, id: input.actionIds[index], processAfter: input.now }));
  // One after another: a step's send holds two database connections (its transaction and the
  // send-once ledger's), and the worker gives each activity no more (workflows/src/worker/worker.ts);
  // several sends at once in one activity could take every connection of the pool.
  const begun: BegunStep[] = [];
  for (const step of steps) begun.push(await begin(parts, input, step));
  return { state, steps: begun };
};
