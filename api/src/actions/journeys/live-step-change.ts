import { automated_actions, automation_steps, validators } from '@carelane/db';
import { automationAction, automationEvents } from '@carelane/db/validation/automation-validators';
import { SIGNALS } from '@carelane/workflows/constants';
import { badRequest } from '../../errors';
import type { Caller } from '../../auth/caller';
import type { Services } from '../action';
import { Optional, Required, S } from '../input';
import { planStepChange, type StepChangePlan } from './step-change-plan';

type Row = Record<string, any>;

/** The input of preview-journey-step-change and apply-journey-step-change: the step and its new events and/or action. */
export class JourneyStepChangeInput {
  @Required(validators.id, S.id)
  automationStepId!: string;

  @Optional(automationEvents, { type: 'array', items: { type: 'object' } })
  events?: Row[];

  @Optional(automationAction, { type: 'object' })
  action?: Row;
}

export const NOTHING_TO_CHANGE = 'Give the step new events or a new action';
const MAX_MEMBERS = 10_000;

/** The step as it is, its change, and what the change does to the journey's pending actions of that step. */
export const readStepChange = async (services: Services, caller: Caller, input: JourneyStepChangeInput) => {
  if (!input.events && !input.action) throw badRequest(NOTHING_TO_CHANGE);
  const step = (await services.engine.getOne(automation_steps, caller, input.automationStepId)) as Row;
  const updates = { ...(input.events ? { events: input.events } : {}), ...(input.action ? { action: input.action } : {}) };
  const pending = (await services.engine.getSome(automated_actions, caller, { filter: { automationStepId: step.id, status: 'active' }, limit: MAX_MEMBERS, sort: 'oldFirst' })) as Row[];
  const plan = planStepChange(pending, { events: step.events ?? [], action: step.action ?? {} }, { events: input.events ?? step.events ?? [], action: input.action ?? step.action ?? {} });
  return { step, updates, pending, plan };
};

/** The plan as answered: the sends that move, appear or vanish (the internal retimed list stays inside). */
export const answered = ({ moved, appeared, vanished }: StepChangePlan) => ({ moved, appeared, vanished });

/**
 * Applies a previewed change: the step is updated (validated as any update); then each pending action
 * the change touches is rewritten through the engine (new time, new action, or cancelled when its
 * event is gone) and its enduser's journey run is told, so the run waits to the new time (the
 * movable-step-waits patch in workflows/src/journey-run.ts) and still takes the step once.
 */
export const applyStepChange = async (services: Services, caller: Caller, change: Awaited<ReturnType<typeof readStepChange>>) => {
  const { step, updates, pending, plan } = change;
  await services.engine.updateOne(automation_steps, caller, step.id, updates, { replaceObjectFields: true });
  const dropped = new Set(plan.dropped.map((send) => send.automatedActionId));
  for (const row of pending) {
    // A cancelled action is heard by its run (the automatedActionCancelled rule of automated_actions).
    if (dropped.has(row.id)) await services.engine.updateOne(automated_actions, caller, row.id, { status: 'cancelled' });
    else if (updates.action) await services.engine.updateOne(automated_actions, caller, row.id, { action: updates.action }, { replaceObjectFields: true });
  }
  for (const send of plan.retimed) {
    await services.engine.updateOne(automated_actions, caller, send.automatedActionId, { processAfter: send.to });
    await services.automations.signalJourney(caller.businessId, send.journeyId, send.enduserId, SIGNALS.automatedActionMoved, { automatedActionId: send.automatedActionId, processAfter: send.to });
  }
};
