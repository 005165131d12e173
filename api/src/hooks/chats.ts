import { chatSendAtIsFuture, roomAfterChat } from '@carelane/activities/channels/chat-room-preview';
import { ApiError, forbidden } from '../errors';
import type { MessageScheduler } from '../automation/message-scheduler';
import type { HookContext, HookRegistry } from '@carelane/engine';
import { sanitizeFields } from './sanitize';

export const ENDUSER_CHAT_DISABLED = 'This organization does not allow endusers to start chats';

const lockRoom = ({ manager, caller }: HookContext, roomId: string) =>
  // raw SQL: the room's preview and unread counts are the server's own fields: the hook locks the room as the server inside the chat's transaction.
  manager
    .getRepository('chat_rooms')
    .createQueryBuilder('room')
    .setLock('pessimistic_write')
    .where('room._id = :roomId AND room."businessId" = :businessId', { roomId, businessId: caller.businessId })
    .getOne() as Promise<Record<string, unknown> | null>;

/** The organization whose portal settings apply to an enduser: the most specific one they belong to. */
export const portalOrganization = async ({ manager, caller }: Pick<HookContext, 'manager' | 'caller'>) => {
  const organizationId = caller.organizationIds[caller.organizationIds.length - 1] ?? caller.businessId;
  // raw SQL: the portal settings that decide for the server, whatever the caller may read of the organization.
  return (await manager.getRepository('organizations').findOne({ where: { _id: organizationId } })) as Record<string, unknown> | null;
};

/** The room's preview fields and every other member's unread count follow a chat that goes out. */
const touchRoom = async (context: HookContext, chat: Record<string, unknown>) => {
  const room = await lockRoom(context, String(chat.roomId));
  if (!room) return;
  const sender = String(chat.senderId ?? context.caller.id);
  // raw SQL: the room's preview and unread counts are the server's own fields, written as the server inside the chat's transaction.
  await context.manager
    .getRepository('chat_rooms')
    .update({ _id: room._id as string, businessId: context.caller.businessId }, { ...roomAfterChat(room, chat, sender), updatedAt: new Date() });
};

const scheduleChat = async (scheduler: MessageScheduler | undefined, context: HookContext, id: string, sendAt: Date) => {
  if (!scheduler) throw new ApiError(503, 'Chats cannot be scheduled here: no scheduler is configured');
  try {
    await scheduler.scheduleChat({ businessId: context.caller.businessId, id, sendAt: sendAt.getTime() });
  } catch (error) {
    throw new ApiError(503, `The message could not be scheduled: ${(error as Error).message}`);
  }
};

/** `scheduler`: chats with a sendAt ahead are held (unseen by endusers) and sent at their time by a workflow. */
export const registerChatHooks = (hooks: HookRegistry, scheduler?: MessageScheduler) => {
  hooks.register('chat_rooms', {
    /** Endusers open rooms only where the portal allows it, and only for themselves. */
    async beforeCreate(record, context) {
      if (context.caller.type !== 'enduser') return;
      const organization = await portalOrganization(context);
      // The reference client's shape: portalSettings.communication.allowEnduserInitiatedChat.
      const settings = (organization?.portalSettings as { communication?: { allowEnduserInitiatedChat?: unknown } } | null) ?? {};
      if (settings.communication?.allowEnduserInitiatedChat !== true) throw new ApiError(403, ENDUSER_CHAT_DISABLED);
      return { enduserIds: [context.caller.id] };
    },
  });

  hooks.register('chats', {
    async beforeCreate(record, context) {
      const sanitised = sanitizeFields(record, ['html']);
      if (context.caller.type === 'enduser') {
        // raw SQL: an enduser may post only in a room that lists them: read as the server to decide, inside the chat's transaction.
        const room = await context.manager.getRepository('chat_rooms').findOne({ where: { _id: String(record.roomId), businessId: context.caller.businessId } });
        if (!room || !((room.enduserIds as string[] | null) ?? []).includes(context.caller.id)) throw forbidden();
      }
      return sanitised;
    },

    /**
     * A chat sent now moves its room's preview and unread counts. One held for a later sendAt
     * (chats' onCreate: delivered false, no timestamp) is handed to a durable workflow instead;
     * a failure to schedule rolls the create back.
     */
    async afterCreate(record, context) {
      if (record.delivered === false && record.sendAt instanceof Date) return void (await scheduleChat(scheduler, context, String(record._id), record.sendAt));
      await touchRoom(context, record);
    },

    /**
     * A held chat's sendAt moved: to now or the past (or cleared), it goes out in this update; to
     * another time ahead, its workflow is told (it re-reads the record when it wakes).
     */
    async beforeUpdate(changes, context) {
      const sanitised = sanitizeFields(changes, ['html']) ?? {};
      if (changes.sendAt === undefined || context.existing.delivered !== false) return sanitised;
      if (chatSendAtIsFuture(changes.sendAt)) {
        await scheduleChat(scheduler, context, String(context.existing._id), changes.sendAt);
        return sanitised;
      }
      const released = { ...sanitised, delivered: true, timestamp: new Date() };
      await touchRoom(context, { ...context.existing, ...changes });
      return released;
    },
  });
};
