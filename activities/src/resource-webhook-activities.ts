import type { DataSource } from 'typeorm';
import type { WebhookSettings } from './automation-webhook';
import { deliverRecorded } from './recorded-webhook';
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
    const event = `${payload.model} ${payload.type}`;
    return deliverRecorded(dataSource, { url: configuration.url, secret: configuration.secret }, { businessId, deliveryId, event, payload }, webhooks);
  },
});

export type ResourceWebhookActivities = ReturnType<typeof createResourceWebhookActivities>;
