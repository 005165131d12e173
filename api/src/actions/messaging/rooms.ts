import type { EntityManager } from 'typeorm';
import { chat_rooms } from '@carelane/db';
import { isAdmin, type Caller } from '../../auth/caller';
import { notFound } from '../../errors';
import type { ResourceEngine } from '../../resources/engine';
import { serialize } from '../../resources/serialize';

export type Room = Record<string, unknown> & { _id: string };

const listOf = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/** Members see a room; so do its creator and Admins. Everyone else gets the same 404 as for a missing room. */
export const canSeeRoom = (caller: Caller, room: Record<string, unknown>) =>
  caller.type === 'enduser'
    ? listOf(room.enduserIds).includes(caller.id)
    : listOf(room.userIds).includes(caller.id) || room.creator === caller.id || isAdmin(caller);

/** The room, locked for update inside `manager`'s transaction, scoped to the caller's business. */
export const loadRoom = async (manager: EntityManager, caller: Caller, id: string, { lock = false } = {}) => {
  const query = manager.getRepository('chat_rooms').createQueryBuilder('room').where('room._id = :id AND room."businessId" = :businessId', { id, businessId: caller.businessId });
  if (lock) query.setLock('pessimistic_write');
  const room = (await query.getOne()) as Room | null;
  if (!room) throw notFound();
  return room;
};

/**
 * Writes room changes and records the change with them (its outbox row); call `emit` after the
 * commit to tell the engine's consumers (automations, webhooks) like any update.
 */
export const updateRoom = async (manager: EntityManager, engine: ResourceEngine, caller: Caller, room: Room, changes: Record<string, unknown>) => {
  const updatedAt = new Date();
  await manager.getRepository('chat_rooms').update({ _id: room._id, businessId: caller.businessId }, { ...changes, updatedAt });
  const record = { ...room, ...changes, updatedAt };
  const change = await engine.recordChange(manager, { kind: 'updated', resource: 'chat_rooms', businessId: caller.businessId, record, changes });
  const emit = (): void => engine.publish(change);
  return { record, emit };
};

export const serializeRoom = (room: Record<string, unknown>) => serialize(chat_rooms, room);
