import { user_notifications } from '@carelane/db';
import { threadClosures } from '@carelane/db/internal/inbox-closures';
import type { UserCaller } from '@carelane/engine';
import { defineAction, type Services } from '../action';
import { Required, S } from '../input';
import { v } from './input';
import { notificationRef, parseKey, type ConversationKey } from './conversations';
import { threadFilter, unreadFilter } from './inbox-unread';
import { conversationNotifications, markRoom, messagesOf } from './inbox-marks';

class InboxConversationReadInput {
  @Required(v.string(1100), S.string(1100))
  conversation!: string;
}

/**
 * POST /inbox-conversation-read { conversation } → { read, closedAt? }: the caller has read the
 * conversation: a chat room's own entry goes to 0 unread, a text or email thread's patient messages
 * get the caller in readBy, and the caller's notifications about it are read (the inbox badge
 * follows). A text or email thread that is closed answers when (a chat room carries its own endedAt).
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
    const closedAt = key.channel === 'Chat' ? undefined : await threadClosedAt(services, caller, key);
    return { read: notifications.length, ...(closedAt === undefined ? {} : { closedAt }) };
  },
});

/** When a text or email thread was closed, while no newer message has reopened it. */
const threadClosedAt = async (services: Services, caller: UserCaller, key: Exclude<ConversationKey, { channel: 'Chat' }>) => {
  const [newest] = await services.engine.getSome(messagesOf(key), caller, { filter: threadFilter(key), sortBy: 'timestamp', sort: 'newFirst', limit: 1 });
  const closedAt = (await threadClosures(services.dataSource, caller.businessId, [notificationRef(key)])).get(notificationRef(key));
  const lastAt = newest ? new Date(newest.timestamp as string).getTime() : 0;
  return closedAt !== undefined && closedAt >= lastAt ? closedAt : undefined;
};
