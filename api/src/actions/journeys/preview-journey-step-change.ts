import { defineAction } from '../action';
import { answered, JourneyStepChangeInput, readStepChange } from './live-step-change';

/**
 * POST /preview-journey-step-change { automationStepId, events?, action? } (staff who may read the
 * step and the journey's automated actions): a dry run of a change to one step of a live journey
 * against its current members, answering { moved, appeared, vanished }: each pending send with its
 * enduser and its time before (from) and after (to). Reads only: nothing is written or signalled.
 */
export const previewJourneyStepChange = defineAction({
  method: 'post',
  path: '/preview-journey-step-change',
  auth: 'user',
  input: JourneyStepChangeInput,
  handler: async ({ services, caller }, input) => answered((await readStepChange(services, caller, input)).plan),
});
