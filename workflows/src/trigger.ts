import { getExternalWorkflowHandle, log, patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
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

/** The patch that moved applyTrigger to a local activity (Temporal's versioning of a running workflow's code). */
const APPLIED_LOCALLY = 'apply-trigger-locally';

const applying = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
} as const;
/**
 * A local activity: it runs inside the workflow's first task, on the worker that took it, so the
 * trigger's effect (a tag, a field) is written one task round trip sooner than through the activity
 * queue (issue 12: the reference client reads a trigger's tag 250 ms after the write that fired it).
 * Its retries follow the same policy (the worker keeps them, with timers beyond a minute).
 */
const local = proxyLocalActivities<TriggerActivities>(applying);
/** Runs started before the local activity (their history schedules a regular one) replay as they ran. */
const queued = proxyActivities<TriggerActivities>(applying);

/**
 * One automation trigger firing for one enduser: its action (add to or remove from journeys, tags,
 * fields) runs once, and the enduser's journeys waiting for this trigger (waitForTrigger) go on.
 */
export async function automationTriggerWorkflow(input: TriggerInput): Promise<{ status: string }> {
  const { businessId, enduserId, triggerId } = input;
  const { applyTrigger } = patched(APPLIED_LOCALLY) ? local : queued;
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
