import type { DataSource } from 'typeorm';
import { resourceByName, serialize } from '@carelane/db';
import type { DomainEvent } from '@carelane/engine';
import type { ChangeConsumer } from '../events/change-feed';
import { ConsumerSettings } from '../events/consumer-settings';
import type { AutomationClient } from './automation-client';

const TYPE = { created: 'create', updated: 'update', deleted: 'delete' } as const;

/**
 * Record changes a business subscribed to (configure-webhooks `subscriptions`: resource → create,
 * update, delete) are delivered to its webhook by a durable workflow per change, with bounded
 * retries; the payload carries the records as clients see them (no secret fields). A consumer of the
 * change feed: it throws when the delivery could not be started (the change is retried from the
 * outbox), and the delivery id is the same for every try of one change.
 */
export const subscribedChangesConsumer = (dataSource: DataSource, automations: AutomationClient, settings = new ConsumerSettings(dataSource)): ChangeConsumer => ({
  name: 'webhooks',
  handle: async (event: DomainEvent) => {
    const configuration = await settings.webhookConfiguration(event.businessId);
    const type = TYPE[event.kind];
    if (!configuration?.subscriptions?.[event.resource]?.[type]) return;
    const definition = resourceByName.get(event.resource);
    if (!definition) return;
    const record = serialize(definition, event.record);
    // A deletion has no updatedAt of its own: its outbox row's id stands for it (stable across retries).
    const version = event.kind === 'deleted' ? event.outboxId ?? Date.now() : new Date(event.record.updatedAt as string | Date).getTime();
    await automations.deliverResourceWebhook({
      businessId: event.businessId,
      deliveryId: `webhook-${event.businessId}-${event.resource}-${String(event.record._id)}-${type}-${version}`,
      payload: { model: event.resource, type, records: [record], timestamp: new Date().toISOString() },
    });
  },
});
