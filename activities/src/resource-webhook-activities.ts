import type { DataSource } from 'typeorm';
import { deliverWebhook, type WebhookSettings } from './automation-webhook';

export interface ResourceWebhookInput {
  businessId: string;
  /** The same on every attempt (X-Carelane-Delivery-Id), so receivers can drop repeats. */
  deliveryId: string;
  payload: { model: string; type: 'create' | 'update' | 'delete'; records: unknown[]; timestamp: string };
}

/** Delivers record changes to the business's configured webhook, signed with its current secret. */
export const createResourceWebhookActivities = ({ dataSource, webhooks }: { dataSource: DataSource; webhooks?: WebhookSettings }) => ({
  async deliverResourceWebhook({ businessId, deliveryId, payload }: ResourceWebhookInput): Promise<{ status?: number; skipped?: boolean }> {
    const configuration = (await dataSource
      .createQueryBuilder('webhooks', 'webhook')
      .where('webhook."businessId" = :businessId', { businessId })
      .orderBy('webhook._id', 'DESC')
      .getOne()) as { url?: string; secret?: string } | null;
    // Removed or emptied since the change: nothing to deliver to.
    if (!configuration?.url || !configuration.secret) return { skipped: true };
    return deliverWebhook({ url: configuration.url, secret: configuration.secret }, payload, { ...webhooks, deliveryId });
  },
});

export type ResourceWebhookActivities = ReturnType<typeof createResourceWebhookActivities>;
