import { emails, sms_messages, user_notifications } from '@carelane/db';
import type { UserCaller } from '@carelane/engine';
import type { Services } from '../action';
import { notificationRef, NOTIFICATION_RECORD_TYPE, parseKey, type ConversationKey } from './conversations';
import type { InboxConversation } from './inbox-describe';

/** The filter of a text or email conversation's messages (a chat room's are its chats). */
export const threadFilter = (key: ConversationKey): Record<string, unknown> => {
  if (key.channel === 'Email') return { $or: [{ threadId: key.thread }, { messageId: key.thread }, ...(/^[0-9a-f]{24}$/i.test(key.thread) ? [{ _id: key.thread }] : [])] };
  if (key.channel === 'SMS') return 'enduserId' in key ? { enduserId: key.enduserId } : { enduserId: null, phoneNumber: key.phoneNumber };
  return {};
};

/** The patient's messages in the conversation that the caller has not read (readBy has no entry of theirs). */
export const unreadFilter = (key: ConversationKey, caller: UserCaller) => ({ ...threadFilter(key), inbound: true, [`readBy.${caller.id}`]: { _exists: false } });

/**
 * Unread counts of text and email conversations: the patient's messages the caller has not read
 * (a chat room's count is kept on the room by the chats hook for its members; anyone else's is their
 * unread notifications about it). One count per conversation on a page.
 */
export const withUnread = (services: Services, caller: UserCaller, conversations: InboxConversation[]) =>
  Promise.all(
    conversations.map(async (conversation) => {
      const key = parseKey(conversation.key);
      if (conversation.channel === 'Chat') {
        if (conversation.unreadCount >= 0) return conversation;
        // Not a member (an Admin looking at a room nobody has taken): their unread notifications about it.
        const filter = { userId: caller.id, read: false, relatedRecords: [{ type: NOTIFICATION_RECORD_TYPE, id: notificationRef(key) }] };
        const { count } = await services.engine.count(user_notifications, caller, { filter });
        return { ...conversation, unreadCount: count };
      }
      const definition = key.channel === 'SMS' ? sms_messages : emails;
      const { count } = await services.engine.count(definition, caller, { filter: unreadFilter(key, caller) });
      return { ...conversation, unreadCount: count };
    }),
  );
