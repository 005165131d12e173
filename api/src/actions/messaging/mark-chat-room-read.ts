import { notFound } from '../../errors';
import { chat_rooms } from '@carelane/db';
import { authorize } from '../../resources/access';
import { defineAction } from '../action';
import { requiredField, v } from './input';
import { canSeeRoom, loadRoom, serializeRoom, updateRoom } from './rooms';

/** POST /mark-chat-room-read { id } → { updated }: the caller's unread count in the room goes to 0. */
export const markChatRoomRead = defineAction({
  method: 'post',
  path: '/mark-chat-room-read',
  auth: 'any',
  handler: async ({ services, caller }, input) => {
    // The role matrix first, as on the generic calls: a per-person read marker needs read access only.
    authorize(chat_rooms, 'read', caller);
    const id = requiredField(input, 'id', v.id);
    const { record, emit } = await services.dataSource.transaction(async (manager) => {
      const room = await loadRoom(services.engine, manager, caller, id, { lock: true });
      if (!canSeeRoom(caller, room)) throw notFound();
      const info = { ...((room.infoForUser as Record<string, Record<string, unknown>> | null) ?? {}) };
      info[caller.id] = { ...(info[caller.id] ?? {}), unreadCount: 0, markedUnread: false };
      return updateRoom(manager, services.engine, caller, room, { infoForUser: info });
    });
    emit();
    return { updated: serializeRoom(record) };
  },
});
