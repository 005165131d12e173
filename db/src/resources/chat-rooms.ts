import { CHAT_ROOM_TYPES } from '../validation/messaging-validators';
import { counter, defineResource, field } from './define';

/**
 * Conversations between staff and endusers. The latest-activity fields, the message counter and the
 * per-user unread counts are kept by the server as chats arrive and are read.
 */
export const chat_rooms = defineResource({
  name: 'chat_rooms',
  fields: {
    // Descriptive
    title: field.string({ max: 100, searchable: true }),
    description: field.text({ max: 250 }),
    topic: field.string({ max: 5000 }),
    topicId: field.string({ max: 100, indexed: true }),
    tags: field.strings({ max: 250 }),
    type: field.oneOf(CHAT_ROOM_TYPES, { default: () => 'internal' }),
    // Membership
    userIds: field.ids({ default: () => [] }),
    enduserIds: field.ids({ default: () => [] }),
    // Latest activity
    numMessages: counter(),
    recentMessageSentAt: field.server('number'),
    recentMessage: field.server('text', { default: () => '' }),
    recentSender: field.server('id'),
    // Links and state
    ticketId: field.id(),
    endedAt: field.date(),
    infoForUser: field.server('json'),
  },
  // An enduser who opens a room is always one of its members.
  onCreate: (record, actor) => {
    if (actor.type !== 'enduser') return {};
    const enduserIds = (record.enduserIds as string[] | undefined) ?? [];
    return { enduserIds: enduserIds.includes(actor.id) ? enduserIds : [...enduserIds, actor.id] };
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read'] },
  example: { title: 'Care team chat', type: 'external' },
});
