import { chat_rooms } from '@carelane/db';
import { closeThread, reopenThread } from '@carelane/db/internal/inbox-closures';
import { authorize } from '@carelane/engine';
import { notFound } from '../../errors';
import { defineAction } from '../action';
import { Required, S } from '../input';
import { v } from './input';
import { notificationRef, parseKey } from './conversations';
import { threadFilter } from './inbox-unread';
import { messagesOf } from './inbox-marks';

class InboxConversationCloseInput {
  @Required(v.string(1100), S.string(1100))
  conversation!: string;

  /** true closes the conversation, false reopens it. */
  @Required(v.boolean, S.boolean)
  closed!: boolean;
}

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

/**
 * POST /inbox-conversation-close { conversation, closed } → {}: closes or reopens a conversation of
 * the staff inbox for everyone. A chat room carries it as its endedAt; a text or email thread as a
 * closed mark that its next message lifts (db/src/internal/inbox-closures.ts). The thread must be one
 * the caller may read and update, through the engine, so scope and role apply as for "mark unread".
 */
export const inboxConversationClose = defineAction({
  method: 'post',
  path: '/inbox-conversation-close',
  auth: 'user',
  input: InboxConversationCloseInput,
  handler: async ({ services, caller }, input) => {
    const key = parseKey(input.conversation);
    if (key.channel === 'Chat') {
      await services.engine.updateOne(chat_rooms, caller, key.roomId, { endedAt: input.closed ? new Date().toISOString() : null });
      return {};
    }
    const definition = messagesOf(key);
    authorize(definition, 'update', caller);
    const [message] = await services.engine.getSome(definition, caller, { filter: threadFilter(key), limit: 1 });
    if (!message) throw notFound(CONVERSATION_NOT_FOUND);
    const conversation = notificationRef(key);
    if (input.closed) await closeThread(services.dataSource, { businessId: caller.businessId, conversation, closedBy: caller.id });
    else await reopenThread(services.dataSource, caller.businessId, conversation);
    return {};
  },
});
