import { notFound } from '../../errors';
import { defineAction } from '../action';
import { requiredField, v } from './input';
import { canSeeRoom, loadRoom, serializeRoom, updateRoom } from './rooms';

/** POST /mark-chat-room-read { id } → { updated }: the caller's unread count in the room goes to 0. */
export const markChatRoomRead = defineAction({
  method: 'post',
  path: '/mark-chat-room-read',
  auth: 'any',
  handler: async ({ services, caller }, input) => {
    const id = requiredField(input, 'id', v.id);
    const { record, emit } = await services.dataSource.transaction(async (manager) => {
      const room = await loadRoom(manager, caller, id, { lock: true });
      if (!canSeeRoom(caller, room)) throw notFound();
      const info = { ...((room.infoForUser as Record<string, Record<string, unknown>> | null) ?? {}) };
      info[caller.id] = { ...(info[caller.id] ?? {}), unreadCount: 0, markedUnread: false };
      return updateRoom(manager, services.engine, caller, room, { infoForUser: info });
    });
    emit();
    return { updated: serializeRoom(record) };
  },
});
