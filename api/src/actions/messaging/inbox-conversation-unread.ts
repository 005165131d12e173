import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { Required, S } from '../input';
import { v } from './input';
import { parseKey } from './conversations';
import { threadFilter } from './inbox-unread';
import { markRoom, messagesOf } from './inbox-marks';

class InboxConversationUnreadInput {
  @Required(v.string(1100), S.string(1100))
  conversation!: string;
}

export const NOTHING_TO_MARK_UNREAD = 'The patient has not written in this conversation';

/**
 * POST /inbox-conversation-unread { conversation } → {}: "mark unread" for the caller alone: a chat
 * room's own entry is marked unread; in a text or email thread the patient's latest message loses
 * the caller's read mark, so it counts as unread again.
 */
export const inboxConversationUnread = defineAction({
  method: 'post',
  path: '/inbox-conversation-unread',
  auth: 'user',
  input: InboxConversationUnreadInput,
  handler: async ({ services, caller }, input) => {
    const key = parseKey(input.conversation);
    if (key.channel === 'Chat') {
      await markRoom(services, caller, key.roomId, { markedUnread: true });
      return {};
    }
    const definition = messagesOf(key);
    const [latest] = await services.engine.getSome(definition, caller, { filter: { ...threadFilter(key), inbound: true }, sortBy: 'timestamp', sort: 'newFirst', limit: 1 });
    if (!latest) throw badRequest(NOTHING_TO_MARK_UNREAD);
    const readBy = { ...((latest.readBy as Record<string, unknown> | undefined) ?? {}) };
    delete readBy[caller.id];
    await services.engine.updateOne(definition, caller, String(latest.id), { readBy }, { replaceObjectFields: true });
    return {};
  },
});
