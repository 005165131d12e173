import type { DataSource } from 'typeorm';
import { recordWebhookAttempt } from '@carelane/db/internal/webhook-deliveries';
import { deliverWebhook, isRefusedTarget, type WebhookSettings } from './automation-webhook';
import { recordRefusedWebhook } from './refused-webhook';

export interface RecordedDelivery {
  businessId: string;
  /** The same on every attempt (X-Carelane-Delivery-Id), so receivers can drop repeats. */
  deliveryId: string;
  /** What it announces, in words, for the list of recent deliveries. */
  event: string;
  payload: unknown;
}

/**
 * One delivery attempt to the business's webhook, recorded with its outcome (webhook_deliveries) so
 * root Admins see it among the recent deliveries and may retry it; the error is thrown on as before.
 */
export const deliverRecorded = async (
  dataSource: DataSource,
  target: { url: string; secret: string },
  delivery: RecordedDelivery,
  settings: WebhookSettings = {},
) => {
  const { businessId, deliveryId, event, payload } = delivery;
  try {
    const answer = await deliverWebhook(target, payload, { ...settings, deliveryId });
    await recordWebhookAttempt(dataSource, { id: deliveryId, businessId, event, payload, statusCode: answer.status });
    return answer;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordWebhookAttempt(dataSource, { id: deliveryId, businessId, event, payload, error: message });
    if (isRefusedTarget(error)) await recordRefusedWebhook(dataSource, { businessId, deliveryId, message });
    throw error;
  }
};
