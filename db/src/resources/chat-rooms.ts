import { CHAT_ROOM_TYPES } from '../validation/messaging-validators';
import * as v from '../validation/validators';
import { FieldError } from '../validation/field-error';
import { counter, defineResource, field } from './define';

type InfoForUser = Record<string, { unreadCount?: number; markedUnread?: boolean }>;

/** Per member: unread count and the 'marked unread' flag (the reference client's shape). */
const infoForUser = v.idMap(v.objectOf({ unreadCount: v.optional(v.nonNegativeNumber), markedUnread: v.optional(v.boolean) }));

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
    // Counts are kept by the server as chats arrive; a staff member may write their own entry (reset
    // their unread count, mark the room unread), nobody else's (see check).
    infoForUser: field.json(infoForUser),
  },
  // An enduser who opens a room is always one of its members.
  onCreate: (record, actor) => {
    if (actor.type !== 'enduser') return {};
    const enduserIds = (record.enduserIds as string[] | undefined) ?? [];
    return { enduserIds: enduserIds.includes(actor.id) ? enduserIds : [...enduserIds, actor.id] };
  },
  check: (record, { actor, previous }) => {
    if (!actor || record.infoForUser === undefined) return;
    const before = (previous?.infoForUser as InfoForUser | undefined) ?? {};
    const after = (record.infoForUser as InfoForUser | null) ?? {};
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      if (key !== actor.id && JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
        throw new FieldError("infoForUser: only your own entry may be changed");
      }
    }
  },
  // An enduser member sees their own unread count only, never other members' entries.
  readerView: (record, reader) => {
    if (reader.type !== 'enduser' || !record.infoForUser) return record;
    const own = (record.infoForUser as InfoForUser)[reader.id];
    return { ...record, infoForUser: own ? { [reader.id]: own } : {} };
  },
  // The staff inbox (latest message first) and a patient's rooms (the portal's, the staff record's).
  indexes: [
    { kind: 'sort', field: 'recentMessageSentAt' },
    { kind: 'contains', field: 'enduserIds' },
    // The inbox's Mine: rooms the staff member is a member of.
    { kind: 'contains', field: 'userIds' },
  ],
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read'] },
  policy: {
    // Rooms the staff member belongs to, created, or that hold an enduser assigned to them; endusers see the rooms listing them.
    staff: {
      assigned: { anyOf: [{ listsMe: 'userIds' }, { mine: 'creator' }, { assignedEnduser: 'enduserIds', shape: 'ids' }] },
      unconfigured: { levels: { read: 'Assigned', update: 'Assigned', delete: 'Assigned' } },
      // The 'Default' level of a configured role narrows the same way (docs/contract/access.md#visibility-filters: chat rooms by member lists).
      defaultIsAssigned: true,
    },
    enduser: { scope: { listsMe: 'enduserIds' } },
  },
  example: { title: 'Care team chat', type: 'external' },
});
