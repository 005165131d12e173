import { notFound } from '../../errors';
import { chat_rooms } from '@carelane/db';
import { authorize } from '@carelane/engine';
import { defineAction } from '../action';
import { v } from './input';
import { canSeeRoom, loadRoom, serializeRoom, updateRoom } from './rooms';
import { sameEntry, type RoomEntry } from './inbox-marks';
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
      const info = { ...((room.infoForUser as Record<string, RoomEntry> | null) ?? {}) };
      const read = { unreadCount: 0, markedUnread: false };
      // Already read: nothing written, nothing announced (a page that reloads on announcements and
      // marks the room read as it loads would otherwise set itself off again and again).
      if (sameEntry(info[caller.id], read)) return { record: room, emit: (): void => undefined };
      info[caller.id] = { ...(info[caller.id] ?? {}), ...read };
      return updateRoom(manager, services.engine, caller, room, { infoForUser: info });
    });
    emit();
    return { updated: serializeRoom(record, caller) };
  },
});
