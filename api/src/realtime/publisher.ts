import { resourceByName } from '@carelane/db';
import type { ChangeConsumer } from '../events';
import type { RealtimeBus } from './bus';

/** The stored record without the definition's secret fields (hashed passwords never travel). */
const withoutSecrets = (resource: string, record: Record<string, unknown>) => {
  const definition = resourceByName.get(resource);
  if (!definition) return record;
  return Object.fromEntries(Object.entries(record).filter(([field]) => !definition.fields[field]?.secret));
};

/**
 * The change feed's consumer that publishes each committed change on the realtime bus. As a consumer
 * of the outbox, a change is published once when the commit's fast path succeeds, and again only
 * when this process died or Redis refused it before it could (the relay replays it).
 */
export const realtimePublisher = (bus: RealtimeBus): ChangeConsumer => ({
  name: 'realtime',
  handle: async (event) => {
    if (!resourceByName.has(event.resource)) return;
    await bus.publish({ kind: event.kind, resource: event.resource, businessId: event.businessId, record: withoutSecrets(event.resource, event.record) });
  },
});
