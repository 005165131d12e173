import { proxyActivities } from '@temporalio/workflow';
import type { ResourceWebhookActivities, ResourceWebhookInput } from '@carelane/activities/resource-webhook-activities';

const { deliverResourceWebhook } = proxyActivities<ResourceWebhookActivities>({
  startToCloseTimeout: '30 seconds',
  // Bounded retries with backoff; a refused target or a 4xx answer is final (AutomationError).
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 8, nonRetryableErrorTypes: ['AutomationError'] },
});

/** One delivery of a record change to the business's webhook (a subscription of configure-webhooks). */
export async function resourceWebhookWorkflow(input: ResourceWebhookInput): Promise<{ status?: number; skipped?: boolean }> {
  return deliverResourceWebhook(input);
}
