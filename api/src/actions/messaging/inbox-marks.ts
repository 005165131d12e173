import { chat_rooms, emails, sms_messages, user_notifications } from '@carelane/db';
import type { UserCaller } from '@carelane/engine';
import type { Services } from '../action';
import { notificationRef, NOTIFICATION_RECORD_TYPE, type ConversationKey } from './conversations';
import { loadRoom, updateRoom } from './rooms';

export type RoomEntry = { unreadCount?: number; markedUnread?: boolean };

/** Whether the caller's entry already says what `entry` would set (a missing entry is written; a missing mark is not marked). */
export const sameEntry = (current: RoomEntry | undefined, entry: RoomEntry) =>
  current !== undefined &&
  (entry.unreadCount === undefined || current.unreadCount === entry.unreadCount) &&
  (entry.markedUnread === undefined || (current.markedUnread ?? false) === entry.markedUnread);

/** The caller's own entry of a room's infoForUser, after the engine said they may read the room (tenant, organization, role). */
export const markRoom = async (services: Services, caller: UserCaller, roomId: string, entry: RoomEntry) => {
  await services.engine.getOne(chat_rooms, caller, roomId);
  const { emit } = await services.dataSource.transaction(async (manager) => {
    const room = await loadRoom(services.engine, manager, caller, roomId, { lock: true });
    const info = { ...((room.infoForUser as Record<string, RoomEntry> | null) ?? {}) };
    // Marking as it already is writes nothing and announces nothing: the inbox reloads an open
    // conversation on every announcement and reads it again, which would otherwise announce again.
    if (sameEntry(info[caller.id], entry)) return { emit: (): void => undefined };
    info[caller.id] = { ...(info[caller.id] ?? {}), ...entry };
    return updateRoom(manager, services.engine, caller, room, { infoForUser: info });
  });
  emit();
};

export const messagesOf = (key: ConversationKey) => (key.channel === 'Email' ? emails : sms_messages);

/** The caller's unread notifications about one conversation. */
export const conversationNotifications = (services: Services, caller: UserCaller, key: ConversationKey) =>
  services.engine.getSome(user_notifications, caller, {
    filter: { userId: caller.id, read: false, relatedRecords: [{ type: NOTIFICATION_RECORD_TYPE, id: notificationRef(key) }] },
    limit: 1000,
  });
