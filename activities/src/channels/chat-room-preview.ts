/**
 * What a chat going out does to its room: the preview fields and every other member's unread count.
 * Shared by the api (a chat sent as it is created, or released early by an update) and the worker (a
 * scheduled chat released at its sendAt), so both write the same.
 */

/** recentMessage keeps the start of a long message (the room list shows a preview). */
const RECENT_MESSAGE_MAX = 1000;

type UnreadInfo = Record<string, { unreadCount?: number; markedUnread?: boolean }>;

const members = (room: Record<string, unknown>) => [
  ...((room.userIds as string[] | null) ?? []),
  ...((room.enduserIds as string[] | null) ?? []),
];

export const roomAfterChat = (room: Record<string, unknown>, chat: Record<string, unknown>, sender: string, now = Date.now()) => {
  const info: UnreadInfo = { ...((room.infoForUser as UnreadInfo | null) ?? {}) };
  for (const member of new Set(members(room))) {
    const current = info[member] ?? {};
    info[member] = member === sender ? { ...current, unreadCount: 0 } : { ...current, unreadCount: (current.unreadCount ?? 0) + 1 };
  }
  return {
    recentMessage: String(chat.message ?? '').slice(0, RECENT_MESSAGE_MAX),
    recentSender: sender,
    recentMessageSentAt: now,
    infoForUser: info,
  };
};

/** A sendAt this close (or earlier) is "now": the chat goes out at once rather than being scheduled. */
export const CHAT_SCHEDULE_THRESHOLD_MS = 1000;

export const chatSendAtIsFuture = (sendAt: unknown, now = Date.now()): sendAt is Date =>
  sendAt instanceof Date && sendAt.getTime() - now > CHAT_SCHEDULE_THRESHOLD_MS;
