import * as v from '../validation/validators';
import { chatAttachments, idToDate } from '../validation/messaging-validators';
import { defineResource, field } from './define';

/** Messages in a chat room; each one counts into the room's numMessages and goes with the room. */
export const chats = defineResource({
  name: 'chats',
  fields: {
    roomId: field.id({ required: true, updatable: false, references: { resource: 'chat_rooms', onDelete: 'cascade' } }),
    senderId: field.id({ updatable: false }),
    message: field.text({ required: true, max: 5000, searchable: true }),
    html: field.text({ max: 5000, html: true }),
    replyId: field.id({ updatable: false, references: { resource: 'chats', onDelete: 'unset' } }),
    readBy: field.json(idToDate),
    linkOpens: field.server('json'),
    attachments: field.json(chatAttachments),
    templateId: field.id(),
    automationStepId: field.id(),
    linkOpenTrackingIds: field.json(v.listOf(v.string()), { default: () => [] }),
  },
  // The sender is the writer: an enduser cannot post in someone else's name.
  onCreate: (record, actor) => ({ senderId: actor.type === 'enduser' ? actor.id : (record.senderId ?? actor.id) }),
  countsInto: [{ via: 'roomId', resource: 'chat_rooms', counter: 'numMessages' }],
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read'] },
  example: { roomId: '000000000000000000000000', message: 'Hello! How can we help?' },
});
