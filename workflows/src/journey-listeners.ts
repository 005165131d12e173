import type { StepMatch } from '@carelane/automation';

/** Steps that wait for something a finished step set in motion (its form submitted, its ticket closed, a trigger). */
export interface Listener {
  kind: 'formResponse' | 'ticketCompleted' | 'waitForTrigger';
  sourceStepId: string;
  match: StepMatch;
}

/** What the listeners carry across continue-as-new. */
export interface CarriedListening {
  listeners: Listener[];
  submittedForms: string[];
  closedTickets: { stepId: string; reason?: string }[];
}

/**
 * A journey run's listening steps and what it has heard (forms submitted, tickets closed with their
 * reason), so a step runs when what it waits for happens, whether before or after the step that set
 * it in motion finished. Deterministic workflow state: `start` runs a step (the workflow's own).
 */
export const journeyListeners = (carried: CarriedListening | undefined, start: (match: StepMatch) => void) => {
  const listeners: Listener[] = [...(carried?.listeners ?? [])];
  const submittedForms = new Set(carried?.submittedForms ?? []);
  const closedTickets = new Map((carried?.closedTickets ?? []).map((ticket) => [ticket.stepId, ticket.reason]));

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
      start(listener.match);
    }
  };

  const formSubmitted = (stepId: string) => {
    submittedForms.add(stepId);
    fire((listener) => listener.kind === 'formResponse' && listener.sourceStepId === stepId);
  };

  const ticketClosed = (stepId: string, reason: string | undefined) => {
    closedTickets.set(stepId, reason);
    fire((listener) => listener.kind === 'ticketCompleted' && listener.sourceStepId === stepId && reasonMatches(listener, reason));
  };

  return {
    listeners,
    submittedForms,
    /** A step `match` waits, after `sourceStepId`, for its form, ticket or trigger; one already heard runs it now. */
    listen(kind: Listener['kind'], sourceStepId: string, match: StepMatch) {
      listeners.push({ kind, sourceStepId, match });
    },
    /** After a step finished: a form or ticket answered before it finished starts its listeners now. */
    caughtUp(stepId: string) {
      if (submittedForms.has(stepId)) fire((listener) => listener.kind === 'formResponse' && listener.sourceStepId === stepId);
      if (closedTickets.has(stepId)) ticketClosed(stepId, closedTickets.get(stepId));
    },
    formSubmitted,
    ticketClosed,
    triggerFired: (triggerId: string) => fire((listener) => listener.kind === 'waitForTrigger' && listener.match.event.info.triggerId === triggerId),
    /** Deleted steps never run: their listeners go. */
    forget(deleted: Set<string>) {
      for (let index = listeners.length - 1; index >= 0; index -= 1) {
        if (deleted.has(listeners[index].match.stepId)) listeners.splice(index, 1);
      }
    },
    carried: (): CarriedListening => ({
      listeners,
      submittedForms: [...submittedForms],
      closedTickets: [...closedTickets].map(([stepId, reason]) => ({ stepId, reason })),
    }),
  };
};
