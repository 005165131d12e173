import type { DataSource } from 'typeorm';
import { chatSendAtIsFuture, roomAfterChat } from './channels/chat-room-preview';
import { ownerOf, systemWithin, wholeBusiness } from './worker-engine';

export interface ScheduledChatInput {
  businessId: string;
  id: string;
}

export type ReleaseChatResult = { status: 'sent' | 'deleted' } | { status: 'later'; sendAt: number };

/**
 * Activities for chats held until their sendAt (api/src/hooks/chats.ts). Each is idempotent: a chat
 * already out is not sent again, so a retried or replayed release changes nothing more.
 */
export const createChatActivities = ({ dataSource }: { dataSource: DataSource }) => ({
  /**
   * Sends a held chat whose sendAt has come: it becomes visible to the room's endusers (delivered,
   * timestamp now) and moves the room's preview and unread counts, in one transaction. A sendAt
   * moved later meanwhile answers 'later' with the new time; a deleted chat is not sent.
   */
  async releaseScheduledChat({ businessId, id }: ScheduledChatInput): Promise<ReleaseChatResult> {
    return dataSource.transaction(async (manager) => {
      const chat = await systemWithin(manager, wholeBusiness(businessId)).byId('chats', id, { lock: true });
      if (!chat) return { status: 'deleted' };
      // The release acts as the chat's organization (its sender's): the room it moves is one that organization sees.
      const data = systemWithin(manager, ownerOf(chat));
      if (chat.delivered !== false) return { status: 'sent' };
      if (chatSendAtIsFuture(chat.sendAt)) return { status: 'later', sendAt: (chat.sendAt as Date).getTime() };
      const room = await data.byId('chat_rooms', chat.roomId as string, { lock: true });
      await data.updateOne('chats', id, {}, { serverFields: { delivered: true, timestamp: new Date() } });
      if (room) await data.updateOne('chat_rooms', room._id as string, {}, { serverFields: roomAfterChat(room, chat, String(chat.senderId ?? '')) });
      return { status: 'sent' };
    });
  },
});

export type ChatActivities = ReturnType<typeof createChatActivities>;
