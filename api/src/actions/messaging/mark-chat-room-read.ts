import { notFound } from '../../errors';
import { chat_rooms } from '@carelane/db';
import { authorize } from '@carelane/engine';
import { defineAction } from '../action';
import { v } from './input';
import { canSeeRoom, loadRoom, serializeRoom, updateRoom } from './rooms';
import { Required, S } from '../input';

class MarkChatRoomReadInput {
  @Required(v.id, S.id)
  id!: string;
}

/** POST /mark-chat-room-read { id } → { updated }: the caller's unread count in the room goes to 0. */
export const markChatRoomRead = defineAction({
  method: 'post',
  path: '/mark-chat-room-read',
  auth: 'any',
  input: MarkChatRoomReadInput,
  authorize: ({ caller }) => {
    // The role matrix first, as on the generic calls: a per-person read marker needs read access only.
    authorize(chat_rooms, 'read', caller);
  },
  handler: async ({ services, caller }, input) => {
    const id = input.id;
    const { record, emit } = await services.dataSource.transaction(async (manager) => {
      const room = await loadRoom(services.engine, manager, caller, id, { lock: true });
      if (!canSeeRoom(caller, room)) throw notFound();
      const info = { ...((room.infoForUser as Record<string, Record<string, unknown>> | null) ?? {}) };
      info[caller.id] = { ...(info[caller.id] ?? {}), unreadCount: 0, markedUnread: false };
      return updateRoom(manager, services.engine, caller, room, { infoForUser: info });
    });
    emit();
    return { updated: serializeRoom(record, caller) };
  },
});
