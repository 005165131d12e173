import { user_notifications } from '@carelane/db';
import { defineAction } from '../action';
import { Required, S } from '../input';
import { v } from './input';
import { parseKey } from './conversations';
import { unreadFilter } from './inbox-unread';
import { conversationNotifications, markRoom, messagesOf } from './inbox-marks';

class InboxConversationReadInput {
  @Required(v.string(1100), S.string(1100))
  conversation!: string;
}

/**
 * POST /inbox-conversation-read { conversation } → { read }: the caller has read the conversation:
 * a chat room's own entry goes to 0 unread, a text or email thread's patient messages get the
 * caller in readBy, and the caller's notifications about it are read (the inbox badge follows).
 */
export const inboxConversationRead = defineAction({
  method: 'post',
  path: '/inbox-conversation-read',
  auth: 'user',
  input: InboxConversationReadInput,
  handler: async ({ services, caller }, input) => {
    const key = parseKey(input.conversation);
    if (key.channel === 'Chat') {
      await markRoom(services, caller, key.roomId, { unreadCount: 0, markedUnread: false });
    } else {
      const definition = messagesOf(key);
      const unread = await services.engine.getSome(definition, caller, { filter: unreadFilter(key, caller), limit: 1000 });
      const now = new Date().toISOString();
      for (const message of unread) await services.engine.updateOne(definition, caller, String(message.id), { readBy: { [caller.id]: now } });
    }
    const notifications = await conversationNotifications(services, caller, key);
    for (const notification of notifications) await services.engine.updateOne(user_notifications, caller, String(notification.id), { read: true });
    return { read: notifications.length };
  },
});
