import { ActivityFailure, ApplicationFailure, condition, isCancellation, log, patched, proxyActivities, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { JourneyActivities } from '@carelane/activities/journey-activities';
import type { AutomationActivities } from '@carelane/activities/automation-activities';
import { delayInMs, type BegunOutcome, type BegunStep, type StepMatch } from '@carelane/automation';
import { applyEffects, hasSearchAttributes } from './effects';
import { newRecordId } from './ids';
import { journeyListeners } from './journey-listeners';
import type { JourneyInput, PendingStepStatus } from './journey-types';
import { SEARCH_KEYS } from './search-attributes';

/** Bookkeeping in PostgreSQL: short, idempotent, retried patiently (a database restart should not end a journey). */
export const bookkeeping = proxyActivities<JourneyActivities & AutomationActivities>({
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

export const MAX_STEPS_IN_SEARCH_ATTRIBUTE = 100;

const describeFailure = (error: unknown) => {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure) return cause.message;
  return (cause as Error | undefined)?.message ?? String(error);
};

/** `moved`: staff moved the step's time while it waited (a change to the live journey); the wait is taken again to the new time. */
type PendingStep = PendingStepStatus & { cancelled: boolean; cancelOnFormsOf: string[]; unsubmittedOf?: string; moved?: boolean };

/**
 * The patch (Temporal's versioning of a running workflow's code) that lets a waiting step be moved:
 * runs started before it replay their one timer as they ran; runs after it wait in a loop that a
 * move wakes (docs/decisions.md, "Changing a live journey").
 */
export const MOVABLE_STEP_WAITS = 'movable-step-waits';

/**
 * One enduser's run through one journey, as workflow state (journey.ts drives it): the steps pending
 * and listening, the steps taken, and how each step is scheduled, waited for, carried out and
 * followed. Every branch a step starts runs through `spawn`, so the workflow knows when it is idle.
 */
export class JourneyRun {
  readonly ref: { businessId: string; journeyId: string; enduserId: string };
  readonly workflowId = workflowInfo().workflowId;
  readonly pending = new Map<string, PendingStep>();
  readonly deletedSteps = new Set<string>();
  readonly stepsTaken: string[];
  /** Steps waiting for a form, a ticket or a trigger; one heard runs as its own branch. */
  readonly listening;
  state: string | null = null;
  inflight = 0;
  leaving = false;
  private readonly indexed = hasSearchAttributes();

  constructor(private readonly input: JourneyInput) {
    this.ref = { businessId: input.businessId, journeyId: input.journeyId, enduserId: input.enduserId };
    this.stepsTaken = [...(input.carried?.stepsTaken ?? [])];
    this.listening = journeyListeners(input.carried, (match) => this.spawn(() => this.runStep(match)));
  }

  spawn(work: () => Promise<void>) {
    this.inflight += 1;
    void work()
      .catch((error) => {
        if (!isCancellation(error)) log.error('journey branch failed', { error: describeFailure(error) });
      })
      .finally(() => {
        this.inflight -= 1;
      });
  }

  private tookStep(stepId: string) {
    this.stepsTaken.push(stepId);
    if (this.indexed) upsertSearchAttributes([{ key: SEARCH_KEYS.stepIds, value: [...new Set(this.stepsTaken)].slice(-MAX_STEPS_IN_SEARCH_ATTRIBUTE) }]);
  }

  /** Schedules the step and runs it when due; `begun`: the journey's beginning already scheduled it (and may have run it). */
  async runStep(match: StepMatch, begun?: BegunStep & { id: string }) {
    if (!begun && (this.deletedSteps.has(match.stepId) || this.leaving)) return;
    const id = begun?.id ?? newRecordId();
    const delay = match.event.type === 'afterAction' || match.event.type === 'formUnsubmitted' ? delayInMs(match.event.info) : 0;
    const processAfter = begun?.processAfter ?? Date.now() + delay;
    const scheduled = begun ? begun.scheduled : await bookkeeping.scheduleStep({ ...this.ref, id, stepId: match.stepId, event: match.event, processAfter });
    if (!scheduled) return;
    const entry: PendingStep = {
      automatedActionId: id,
      stepId: match.stepId,
      eventType: match.event.type,
      processAfter: scheduled.heldUntil ?? processAfter,
      cancelled: false,
      cancelOnFormsOf: scheduled.cancelOnFormsOf,
      unsubmittedOf: match.event.type === 'formUnsubmitted' ? (match.event.info.automationStepId as string) : undefined,
    };
    this.pending.set(id, entry);
    try {
      const forms = this.listening.submittedForms;
      const shouldCancel = () =>
        entry.cancelled ||
        this.leaving ||
        this.deletedSteps.has(entry.stepId) ||
        entry.cancelOnFormsOf.some((stepId) => forms.has(stepId)) ||
        (entry.unsubmittedOf !== undefined && forms.has(entry.unsubmittedOf));
      // Quiet hours may hold the step past its own delay (ScheduledStep.heldUntil).
      const wait = scheduled.heldUntil !== undefined ? Math.max(delay, scheduled.heldUntil - Date.now()) : delay;
      if (patched(MOVABLE_STEP_WAITS)) await this.waitUntilDue(entry, shouldCancel, wait);
      else if (wait > 0) await condition(shouldCancel, wait);
      if (!begun?.outcome && shouldCancel()) {
        await bookkeeping.settleStep({ ...this.ref, id, status: 'cancelled', reason: 'A cancel condition was met' });
        return;
      }
      const status = await this.act(id, begun?.outcome);
      if (status === 'gone') return;
      this.tookStep(match.stepId);
      if (status === 'finished' || (status === 'error' && scheduled.continueOnError)) await this.follow(match.stepId, begun?.following);
    } finally {
      this.pending.delete(id);
    }
  }

  /**
   * Waits `wait` ms, or until a cancel condition holds; a move (staff changed the step's delay on the
   * live journey) takes the wait again to the new time, earlier or later. The step is still one
   * pending entry, so however often it moves it runs once.
   */
  private async waitUntilDue(entry: PendingStep, shouldCancel: () => boolean, wait: number) {
    let remaining = wait;
    for (;;) {
      if (remaining > 0) await condition(() => shouldCancel() || entry.moved === true, remaining);
      if (!entry.moved || shouldCancel()) return;
      entry.moved = false;
      remaining = entry.processAfter - Date.now();
    }
  }

  /** Staff moved a pending step to `processAfter` (the api wrote the time on its automated action); a step no longer waiting is left as it is. */
  move(automatedActionId: string, processAfter: number) {
    const entry = this.pending.get(automatedActionId);
    if (!entry) return;
    entry.processAfter = processAfter;
    entry.moved = true;
  }

  /**
   * Carries out the automated action `id` (due now); a failure is recorded on it as error. `ran`: the
   * journey's beginning already carried it out (an error there is recorded already).
   */
  private async act(id: string, ran?: BegunOutcome): Promise<'finished' | 'skipped' | 'gone' | 'error'> {
    if (ran?.status === 'error') return 'error';
    try {
      const result = ran ?? (await actions.runStep({ ...this.ref, id, workflowId: this.workflowId, journeyContext: this.input.journeyContext }));
      const { leftOwnJourney } = await applyEffects(result.effects, {
        businessId: this.ref.businessId,
        enduserId: this.ref.enduserId,
        self: { journeyId: this.ref.journeyId },
        onOwnTicketClosed: (ticket) => this.listening.ticketClosed(ticket.automationStepId, ticket.closedForReason),
      });
      if (leftOwnJourney) this.leaving = true;
      return result.status;
    } catch (error) {
      if (isCancellation(error)) throw error;
      await bookkeeping.settleStep({ ...this.ref, id, status: 'error', message: describeFailure(error) });
      return 'error';
    }
  }

  /**
   * Staff retry of a failed step (the api checked who asks and that the action may be retried): the
   * same automated action runs again, so its once-only send bookkeeping holds, and what follows the
   * step runs when it now finishes (unless it already ran, the step continuing on error).
   */
  async retryStep(id: string) {
    if (this.leaving) return;
    const reopened = await bookkeeping.reopenStep({ ...this.ref, id });
    if (!reopened) return;
    const entry: PendingStep = { automatedActionId: id, stepId: reopened.stepId, eventType: 'retry', processAfter: Date.now(), cancelled: false, cancelOnFormsOf: [] };
    this.pending.set(id, entry);
    try {
      if (entry.cancelled || this.leaving || this.deletedSteps.has(reopened.stepId)) {
        await bookkeeping.settleStep({ ...this.ref, id, status: 'cancelled', reason: 'A cancel condition was met' });
        return;
      }
      const status = await this.act(id);
      if (status === 'finished' && !reopened.continueOnError) await this.follow(reopened.stepId);
    } finally {
      this.pending.delete(id);
    }
  }

  /** After a step: run what follows it now (delays) and listen for what follows later (forms, tickets, triggers). */
  private async follow(stepId: string, found?: StepMatch[]) {
    if (this.leaving) return;
    const matches = found ?? (await bookkeeping.findFollowingSteps({ businessId: this.ref.businessId, journeyId: this.ref.journeyId, afterStepId: stepId }));
    for (const match of matches) {
      if (match.event.type === 'afterAction' || match.event.type === 'formUnsubmitted') {
        this.spawn(() => this.runStep(match));
      } else if (match.event.type === 'formResponse' || match.event.type === 'ticketCompleted' || match.event.type === 'waitForTrigger') {
        this.listening.listen(match.event.type, stepId, match);
      }
    }
    // The form or ticket may have been answered before its step finished.
    this.listening.caughtUp(stepId);
  }
}
