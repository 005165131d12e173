import { proxyActivities, sleep } from '@temporalio/workflow';
import type { MessagingActivities, ScheduledMessageInput } from '@carelane/activities/messaging-activities';

export interface ScheduledMessageWorkflowInput extends ScheduledMessageInput {
  /** When to send, in milliseconds since the epoch. */
  sendAt: number;
}

const { deliverScheduledMessage } = proxyActivities<MessagingActivities>({
  startToCloseTimeout: '1 minute',
  // The activity records the message as failed itself on its last attempt (MESSAGE_SEND_ATTEMPTS).
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 5 },
});

/**
 * A message with a sendAt in the future: a durable timer until then (it survives worker and server
 * restarts), then one idempotent send keyed by the message id.
 */
export async function scheduledMessageWorkflow(input: ScheduledMessageWorkflowInput): Promise<{ status: string }> {
  const wait = input.sendAt - Date.now();
  if (wait > 0) await sleep(wait);
  return deliverScheduledMessage({ businessId: input.businessId, resource: input.resource, id: input.id });
}
