import { delayInMs } from '@carelane/automation';

/** An automation step as the dry run reads it (serialized automation_steps record). */
export interface PlanStep {
  id: string;
  events?: { type: string; info?: Record<string, any> }[];
  action?: { type: string; info?: Record<string, any> };
}

/** One step the journey would take: when (ms after the start), or which event it waits for instead. */
export interface PlannedStep {
  step: PlanStep;
  /** ms after the enduser entered the journey; undefined when the step waits for something the dry run cannot simulate. */
  atMs?: number;
  /** The event that starts it: onJourneyStart, afterAction, or the event it waits for. */
  eventType: string;
  afterStepId?: string;
}

/** A cycle of afterAction steps would plan forever: the plan stops after this many entries. */
export const MAX_PLANNED = 200;

/**
 * The journey's path on a simulated clock, with the workflow's own rules (workflows/src/journey.ts):
 * onJourneyStart steps run at once; a step whose afterAction event names a step that ran runs that
 * step's time plus delayInMs(info) later (the same pure function the workflow waits with). Steps
 * that wait for a form, a ticket or a trigger after a step that ran are listed as waiting, and what
 * follows them is not planned (no form is answered in a dry run). Ordered by time, waiting last.
 */
export const planJourney = (steps: PlanStep[]): PlannedStep[] => {
  const planned: PlannedStep[] = [];
  const queue: { stepId?: string; atMs: number }[] = [{ atMs: 0 }];
  while (queue.length && planned.length < MAX_PLANNED) {
    const { stepId, atMs } = queue.shift()!;
    for (const step of steps) {
      for (const event of step.events ?? []) {
        if (planned.length >= MAX_PLANNED) break;
        const follows = stepId === undefined ? event.type === 'onJourneyStart' : event.type !== 'onJourneyStart' && event.info?.automationStepId === stepId;
        if (!follows) continue;
        if (event.type === 'onJourneyStart' || event.type === 'afterAction') {
          const at = atMs + (event.type === 'afterAction' ? delayInMs(event.info) : 0);
          planned.push({ step, atMs: at, eventType: event.type, afterStepId: stepId });
          queue.push({ stepId: step.id, atMs: at });
        } else {
          planned.push({ step, eventType: event.type, afterStepId: stepId });
        }
      }
    }
    queue.sort((a, b) => a.atMs - b.atMs);
  }
  return planned.sort((a, b) => (a.atMs ?? Infinity) - (b.atMs ?? Infinity));
};
