import { automated_actions, validators } from '@carelane/db';
import { assertRecordAccess, authorize } from '@carelane/engine';
import { retryRefusal } from '@carelane/automation';
import { SIGNALS } from '@carelane/workflows/constants';
import { badRequest, notFound } from '../../errors';
import { defineAction } from '../action';
import { Required, S } from '../input';

export const RETRY_ENDED_RUN = "The enduser's run through this journey has ended, so the step cannot be retried";

class RetryAutomatedActionInput {
  @Required(validators.id, S.id)
  automatedActionId!: string;
}

/**
 * POST /retry-automated-action { automatedActionId }: staff who may update automated actions ask the
 * enduser's journey run to take a failed step again (a signal; the run reopens the action and runs
 * it under the same id, so a send still happens at most once). Answers once the run has taken it
 * (status active, or already finished or error again, with progress.retries counted), which the
 * console then follows to its end.
 */
export const retryAutomatedAction = defineAction({
  method: 'post',
  path: '/retry-automated-action',
  auth: 'user',
  input: RetryAutomatedActionInput,
  handler: async ({ services, caller }, input) => {
    const id = input.automatedActionId;
    authorize(automated_actions, 'update', caller, { id });
    const [row] = await services.engine.rows(automated_actions, caller, { filter: { _id: id }, limit: 1 });
    if (!row) throw notFound();
    await assertRecordAccess(services.dataSource.manager, automated_actions, caller, 'update', id);
    const refusal = retryRefusal(row);
    if (refusal) throw badRequest(refusal);
    // A closed run is not found either: the enduser left the journey (or it was deleted).
    const delivered = await services.automations.signalOpenJourney(caller.businessId, String(row.journeyId), String(row.enduserId), SIGNALS.automatedActionRetried, {
      automatedActionId: id,
    });
    if (!delivered) throw badRequest(RETRY_ENDED_RUN);
    const retriesBefore = retriesOf(row);
    // The run takes the step at once: answer when it has (active, or already finished or failed
    // again), or after a few seconds with the status as it then stands.
    const deadline = Date.now() + TAKEN_WAIT_MS;
    for (;;) {
      const [now] = await services.engine.rows(automated_actions, caller, { filter: { _id: id }, limit: 1 });
      const taken = !now || now.status !== 'error' || retriesOf(now) > retriesBefore;
      if (taken || Date.now() > deadline) return { automatedActionId: id, status: now?.status ?? 'error', retries: now ? retriesOf(now) : retriesBefore };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  },
});

const TAKEN_WAIT_MS = 5_000;
const retriesOf = (row: Record<string, unknown>) => Number((row.progress as { retries?: unknown } | null)?.retries ?? 0);
