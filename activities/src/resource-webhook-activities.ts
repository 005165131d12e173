import type { DataSource } from 'typeorm';
import { deliverWebhook, isRefusedTarget, type WebhookSettings } from './automation-webhook';
import { recordRefusedWebhook } from './refused-webhook';
import { systemWithin, wholeBusiness } from './worker-engine';

export interface ResourceWebhookInput {
  businessId: string;
  /** The same on every attempt (X-Carelane-Delivery-Id), so receivers can drop repeats. */
  deliveryId: string;
  payload: { model: string; type: 'create' | 'update' | 'delete'; records: unknown[]; timestamp: string };
}

/** Delivers record changes to the business's configured webhook, signed with its current secret. */
export const createResourceWebhookActivities = ({ dataSource, webhooks }: { dataSource: DataSource; webhooks?: WebhookSettings }) => ({
  async deliverResourceWebhook({ businessId, deliveryId, payload }: ResourceWebhookInput): Promise<{ status?: number; skipped?: boolean }> {
    const [configuration] = await systemWithin(dataSource.manager, wholeBusiness(businessId)).rows('webhooks', { sort: 'newFirst', limit: 1 });
    // Removed or emptied since the change: nothing to deliver to.
    if (!configuration?.url || !configuration.secret) return { skipped: true };
    try {
      return await deliverWebhook({ url: configuration.url, secret: configuration.secret }, payload, { ...webhooks, deliveryId });
    } catch (error) {
      if (isRefusedTarget(error)) await recordRefusedWebhook(dataSource, { businessId, deliveryId, message: (error as Error).message });
      throw error;
    }
  },
});

export type ResourceWebhookActivities = ReturnType<typeof createResourceWebhookActivities>;
