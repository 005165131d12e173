import * as v from '../validation/validators';
import { chatAttachments, idToDate } from '../validation/messaging-validators';
import { defineResource, field } from './define';

/** A sendAt this close (or earlier) is "now" (the same threshold as activities' chatSendAtIsFuture). */
const CHAT_HOLD_THRESHOLD_MS = 1000;

/** Messages in a chat room; each one counts into the room's numMessages and goes with the room. */
export const chats = defineResource({
  name: 'chats',
  fields: {
    roomId: field.id({ required: true, updatable: false, references: { resource: 'chat_rooms', onDelete: 'cascade' } }),
    senderId: field.id({ updatable: false }),
    message: field.text({ required: true, max: 5000, searchable: true }),
    html: field.text({ max: 5000, html: true }),
    replyId: field.id({ updatable: false, references: { resource: 'chats', onDelete: 'unset' }, answeredAsNull: true }),
    readBy: field.json(idToDate),
    linkOpens: field.server('json'),
    attachments: field.json(chatAttachments),
    templateId: field.id(),
    automationStepId: field.id(),
    /**
     * When the message is meant to go out (the reference client's Chat.sendAt; '' clears it). More
     * than a second ahead, the chat is held: endusers do not see it and the room does not move until
     * then (api/src/hooks/chats.ts, workflows/src/scheduled-chat.ts).
     */
    sendAt: field.custom('date', v.dateOrEmpty),
    /** False while the chat is held for its sendAt. */
    delivered: field.server('boolean'),
    /** When the chat went out (its creation, or its release at sendAt). */
    timestamp: field.server('date'),
    linkOpenTrackingIds: field.json(v.listOf(v.string()), { default: () => [] }),
  },
  // The sender is the writer: an enduser cannot post in someone else's name.
  onCreate: (record, actor) => {
    const held = record.sendAt instanceof Date && record.sendAt.getTime() - Date.now() > CHAT_HOLD_THRESHOLD_MS;
    return { senderId: actor.type === 'enduser' ? actor.id : (record.senderId ?? actor.id), delivered: !held, timestamp: held ? null : new Date() };
  },
  countsInto: [{ via: 'roomId', resource: 'chat_rooms', counter: 'numMessages' }],
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read'] },
  // A chat is seen by whoever sees its room.
  policy: {
    staff: { assigned: { parent: { resource: 'chat_rooms', via: 'roomId' } }, unconfigured: { levels: { read: 'Assigned', update: 'Assigned', delete: 'Assigned' } }, defaultIsAssigned: true },
    // Endusers see a chat held for its sendAt only once it went out.
    enduser: { scope: { allOf: [{ parent: { resource: 'chat_rooms', via: 'roomId' } }, { flag: 'delivered' }] } },
    // Whoever asks for the chats of a room they cannot read (the reference client's chat_tests and its text).
    refuseListOfHiddenParent: ['staff', 'enduser'],
    listRefusalMessage: 'You do not have permission to access this resource',
    refuseListWithNoVisibleParent: ['staff'],
  },
  example: { roomId: '000000000000000000000000', message: 'Hello! How can we help?' },
});
