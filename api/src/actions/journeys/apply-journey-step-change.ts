import { automated_actions, automation_steps } from '@carelane/db';
import { authorize } from '@carelane/engine';
import { defineAction } from '../action';
import { answered, applyStepChange, JourneyStepChangeInput, readStepChange } from './live-step-change';

/**
 * POST /apply-journey-step-change { automationStepId, events?, action? } (staff who may update the
 * step and automated actions): saves the change to the step and carries it into the running
 * journeys (live-step-change.ts applyStepChange), answering what it did as the preview would have:
 * { moved, appeared, vanished }.
 */
export const applyJourneyStepChange = defineAction({
  method: 'post',
  path: '/apply-journey-step-change',
  auth: 'user',
  input: JourneyStepChangeInput,
  authorize: ({ caller }) => {
    authorize(automation_steps, 'update', caller);
    authorize(automated_actions, 'update', caller);
  },
  handler: async ({ services, caller }, input) => {
    const change = await readStepChange(services, caller, input);
    await applyStepChange(services, caller, change);
    return answered(change.plan);
  },
});
