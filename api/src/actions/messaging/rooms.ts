import type { EntityManager } from 'typeorm';
import { chat_rooms, serialize } from '@carelane/db';
import { isAdmin, systemCaller, type Caller } from '../../auth/caller';
import { notFound } from '../../errors';
import type { ResourceEngine } from '@carelane/engine';

export type Room = Record<string, unknown> & { _id: string };

const listOf = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/** Members see a room; so do its creator and Admins. Everyone else gets the same 404 as for a missing room. */
export const canSeeRoom = (caller: Caller, room: Record<string, unknown>) =>
  caller.type === 'enduser'
    ? listOf(room.enduserIds).includes(caller.id)
    : listOf(room.userIds).includes(caller.id) || room.creator === caller.id || isAdmin(caller);

/**
 * The room, locked for update inside `manager`'s transaction, scoped to the caller's business (read as
 * the server: who may see it is canSeeRoom's decision, and a staff member joins a room they are not in).
 */
export const loadRoom = async (engine: ResourceEngine, manager: EntityManager, caller: Caller, id: string, { lock = false } = {}) => {
  const room = await engine.within(manager).row(chat_rooms, systemCaller(caller.businessId), { _id: id }, { lock });
  if (!room) throw notFound();
  return room as Room;
};

/**
 * Writes room changes and records the change with them (its outbox row); call `emit` after the
 * commit to tell the engine's consumers (automations, webhooks) like any update.
 */
export const updateRoom = async (manager: EntityManager, engine: ResourceEngine, caller: Caller, room: Room, changes: Record<string, unknown>) => {
  const updatedAt = new Date();
  // Membership and read marks are the call's own rules (members' own entries), not a generic update's.
  // Stored with the same time the answer and the change event carry.
  await engine.touchWithin(manager, chat_rooms, systemCaller(caller.businessId), room._id, changes, undefined, updatedAt);
  const record = { ...room, ...changes, updatedAt };
  const change = await engine.recordChange(manager, { kind: 'updated', resource: 'chat_rooms', businessId: caller.businessId, record, changes, previous: room });
  const emit = (): void => engine.publish(change);
  return { record, emit };
};

/** The room as `caller` may see it (an enduser sees only their own unread entry). */
export const serializeRoom = (room: Record<string, unknown>, caller: Caller) => {
  const record = serialize(chat_rooms, room);
  return chat_rooms.readerView ? chat_rooms.readerView(record, { type: caller.type, id: caller.id }) : record;
};
