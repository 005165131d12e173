import type { AutomationEventShape, StepMatch } from './types';

/** Event types that name the step they follow (`info.automationStepId`). */
export const FOLLOWING_EVENT_TYPES = ['afterAction', 'formUnsubmitted', 'formResponse', 'ticketCompleted', 'waitForTrigger'];

/**
 * The events of `steps` that follow `afterStepId`, or with null the onJourneyStart events, in the
 * steps' order. One rule for the worker's findFollowingSteps (over the rows its query found), the
 * dry run and the time-skipping suite's stand-ins, so what follows a step never differs between them.
 */
export const followingMatches = (steps: { id: string; events?: AutomationEventShape[] | null }[], afterStepId: string | null): StepMatch[] =>
  steps.flatMap((step) =>
    (step.events ?? [])
      .filter((event) => (afterStepId ? FOLLOWING_EVENT_TYPES.includes(event.type) && event.info?.automationStepId === afterStepId : event.type === 'onJourneyStart'))
      .map((event) => ({ stepId: step.id, event })),
  );
