import type { DataSource } from 'typeorm';
import { resourceByName, withoutSecrets as withoutSecretsOf } from '@carelane/db';
import type { ChangeConsumer } from '../events';
import type { RealtimeBus, RealtimeChange } from './bus';

/** The stored record without the definition's secret fields and parts (hashed passwords and webhook step secrets never travel). */
const withoutSecrets = (resource: string, record: Record<string, unknown>) => {
  const definition = resourceByName.get(resource);
  if (!definition) return record;
  return withoutSecretsOf(definition, record);
};

/**
 * A new chat also changes its room (preview, and every other member's unread count: the chats hook
 * writes them in the chat's transaction without an event of their own), so the room's members get
 * `updated-chat_rooms` with the room as it is now, after the chat itself.
 */
const roomOfNewChat = async (dataSource: DataSource, change: RealtimeChange, changes?: Record<string, unknown>): Promise<RealtimeChange | undefined> => {
  if (change.resource !== 'chats' || typeof change.record.roomId !== 'string') return undefined;
  // A chat held for its sendAt moves its room when it goes out (an update setting delivered), not when created.
  const wentOut = change.kind === 'created' ? change.record.delivered !== false : change.kind === 'updated' && changes?.delivered === true;
  if (!wentOut) return undefined;
  // raw SQL: the room a new chat moved, re-read as the server to announce it; each subscriber is then checked by the audience.
  const room = await dataSource.getRepository('chat_rooms').findOne({ where: { _id: change.record.roomId, businessId: change.businessId } });
  return room ? { kind: 'updated', resource: 'chat_rooms', businessId: change.businessId, record: withoutSecrets('chat_rooms', room) } : undefined;
};

/**
 * The change feed's consumer that publishes each committed change on the realtime bus. As a consumer
 * of the outbox, a change is published once when the commit's fast path succeeds, and again only
 * when this process died or Redis refused it before it could (the relay replays it).
 */
export const realtimePublisher = (bus: RealtimeBus, dataSource: DataSource): ChangeConsumer => ({
  name: 'realtime',
  handle: async (event) => {
    if (!resourceByName.has(event.resource)) return;
    const change: RealtimeChange = { kind: event.kind, resource: event.resource, businessId: event.businessId, record: withoutSecrets(event.resource, event.record) };
    await bus.publish(change);
    const room = await roomOfNewChat(dataSource, change, event.changes as Record<string, unknown> | undefined);
    if (room) await bus.publish(room);
  },
});
