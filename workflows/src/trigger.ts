import { getExternalWorkflowHandle, log, proxyActivities } from '@temporalio/workflow';
import type { TriggerActivities } from '@carelane/activities/automation-triggers';
import { journeyWorkflowId, SIGNALS } from './constants';
import { applyEffects } from './effects';
import { newRecordId } from './ids';

export interface TriggerInput {
  businessId: string;
  triggerId: string;
  enduserId: string;
  /** The record whose change fired the trigger (a form response, the enduser ...), for operators. */
  sourceId?: string;
}

const { applyTrigger } = proxyActivities<TriggerActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
});

/**
 * One automation trigger firing for one enduser: its action (add to or remove from journeys, tags,
 * fields) runs once, and the enduser's journeys waiting for this trigger (waitForTrigger) go on.
 */
export async function automationTriggerWorkflow(input: TriggerInput): Promise<{ status: string }> {
  const { businessId, enduserId, triggerId } = input;
  const result = await applyTrigger({ businessId, triggerId, enduserId, recordId: newRecordId() });
  if (result.status !== 'applied') return { status: result.status };
  await applyEffects(result.effects, { businessId, enduserId });
  for (const journeyId of result.enduserJourneys ?? []) {
    try {
      await getExternalWorkflowHandle(journeyWorkflowId(businessId, journeyId, enduserId)).signal(SIGNALS.triggerFired, { triggerId });
    } catch (error) {
      log.info(`journey ${journeyId} is not running: ${(error as Error).message}`);
    }
  }
  return { status: result.status };
}
