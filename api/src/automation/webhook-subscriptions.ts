import type { DataSource } from 'typeorm';
import { resourceByName } from '@carelane/db';
import type { DomainEvent, ResourceEngine } from '../resources/engine';
import { serialize } from '../resources/serialize';
import type { AutomationClient } from './automation-client';

const TYPE = { created: 'create', updated: 'update', deleted: 'delete' } as const;

/**
 * Record changes a business subscribed to (configure-webhooks `subscriptions`: resource → create,
 * update, delete) are delivered to its webhook by a durable workflow per change, with bounded
 * retries; the payload carries the records as clients see them (no secret fields).
 */
export const deliverSubscribedChanges = (engine: ResourceEngine, dataSource: DataSource, automations: AutomationClient) => {
  engine.events.on('change', (event: DomainEvent) => {
    void (async () => {
      const configuration = (await dataSource
        .createQueryBuilder('webhooks', 'webhook')
        .select(['webhook._id', 'webhook.subscriptions'])
        .where('webhook."businessId" = :businessId', { businessId: event.businessId })
        .orderBy('webhook._id', 'DESC')
        .getOne()) as { subscriptions?: Record<string, Record<string, boolean>> } | null;
      const type = TYPE[event.kind];
      if (!configuration?.subscriptions?.[event.resource]?.[type]) return;
      const definition = resourceByName.get(event.resource);
      if (!definition) return;
      const record = serialize(definition, event.record);
      const version = event.kind === 'deleted' ? Date.now() : new Date(event.record.updatedAt as string | Date).getTime();
      await automations.deliverResourceWebhook({
        businessId: event.businessId,
        deliveryId: `webhook-${event.businessId}-${event.resource}-${String(event.record._id)}-${type}-${version}`,
        payload: { model: event.resource, type, records: [record], timestamp: new Date().toISOString() },
      });
    })().catch((error: unknown) => console.error('webhooks: could not start a delivery', error));
  });
};
