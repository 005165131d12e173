import { ApiError, forbidden } from '../errors';
import type { HookContext, HookRegistry } from './registry';
import { sanitizeFields } from './sanitize';

export const ENDUSER_CHAT_DISABLED = 'This organization does not allow endusers to start chats';

/** recentMessage keeps the start of a long message (the room list shows a preview). */
const RECENT_MESSAGE_MAX = 1000;

type UnreadInfo = Record<string, { unreadCount?: number; markedUnread?: boolean }>;

const lockRoom = ({ manager, caller }: HookContext, roomId: string) =>
  manager
    .getRepository('chat_rooms')
    .createQueryBuilder('room')
    .setLock('pessimistic_write')
    .where('room._id = :roomId AND room."businessId" = :businessId', { roomId, businessId: caller.businessId })
    .getOne() as Promise<Record<string, unknown> | null>;

/** The organization whose portal settings apply to an enduser: the most specific one they belong to. */
export const portalOrganization = async ({ manager, caller }: Pick<HookContext, 'manager' | 'caller'>) => {
  const organizationId = caller.organizationIds[caller.organizationIds.length - 1] ?? caller.businessId;
  return (await manager.getRepository('organizations').findOne({ where: { _id: organizationId } })) as Record<string, unknown> | null;
};

const members = (room: Record<string, unknown>) => [
  ...((room.userIds as string[] | null) ?? []),
  ...((room.enduserIds as string[] | null) ?? []),
];

export const registerChatHooks = (hooks: HookRegistry) => {
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
        const room = await context.manager.getRepository('chat_rooms').findOne({ where: { _id: String(record.roomId), businessId: context.caller.businessId } });
        if (!room || !((room.enduserIds as string[] | null) ?? []).includes(context.caller.id)) throw forbidden();
      }
      return sanitised;
    },

    /** The room's preview fields and every other member's unread count follow each new message. */
    async afterCreate(record, context) {
      const room = await lockRoom(context, String(record.roomId));
      if (!room) return;
      const sender = String(record.senderId ?? context.caller.id);
      const info: UnreadInfo = { ...((room.infoForUser as UnreadInfo | null) ?? {}) };
      for (const member of new Set(members(room))) {
        const current = info[member] ?? {};
        info[member] = member === sender ? { ...current, unreadCount: 0 } : { ...current, unreadCount: (current.unreadCount ?? 0) + 1 };
      }
      await context.manager.getRepository('chat_rooms').update(
        { _id: room._id as string, businessId: context.caller.businessId },
        {
          recentMessage: String(record.message ?? '').slice(0, RECENT_MESSAGE_MAX),
          recentSender: sender,
          recentMessageSentAt: Date.now(),
          infoForUser: info,
          updatedAt: new Date(),
        },
      );
    },

    async beforeUpdate(changes) {
      return sanitizeFields(changes, ['html']);
    },
  });
};
