import * as v from '../validation/validators';
import { chatAttachments, EMAIL_MAX_LENGTH, idToDate, journeyContext } from '../validation/messaging-validators';
import { defineResource, field } from './define';

/**
 * Emails to and from endusers. With logOnly the email is only recorded (and counts as delivered);
 * otherwise the server sends it. Delivery and tracking fields are written by the server alone.
 */
export const emails = defineResource({
  name: 'emails',
  fields: {
    // Ids and addressing
    logOnly: field.boolean({ default: () => false }),
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    userId: field.id({ updatable: false }),
    replyTo: field.string(),
    threadId: field.server('text', { indexed: true }),
    // Indexed: an email conversation is its thread, found by threadId or by the first email's Message-ID (the inbox's unread counts).
    messageId: field.server('text', { indexed: true }),
    inbound: field.boolean({ default: () => false }),
    // Content
    // May be empty (the reference client's subject accepts ''); it must be given.
    subject: field.text({ required: true, searchable: true }),
    textContent: field.text({ required: true, max: EMAIL_MAX_LENGTH }),
    HTMLContent: field.text({ max: EMAIL_MAX_LENGTH, html: true }),
    /**
     * Files the email refers to, as a chat's. They are not sent as attachments: the email links to
     * the patient's portal, where the file is shared (docs/decisions.md, "Attachments in the inbox").
     */
    attachments: field.json(chatAttachments),
    textEncoding: field.server('text'),
    htmlEncoding: field.server('text'),
    s3id: field.server('text'),
    // Delivery and tracking
    timestamp: field.date({ default: () => new Date() }),
    delivered: field.server('boolean'),
    /** What became of the send: logged, scheduled, sent, skipped (unsubscribed) or failed; with a note for the last two. */
    deliveryStatus: field.server('text'),
    deliveryNote: field.server('text'),
    source: field.server('text'),
    openedAt: field.server('date'),
    linkOpens: field.server('json'),
    readBy: field.json(idToDate),
    linkOpenTrackingIds: field.strings({ default: () => [] }),
    // Automation and journey
    templateId: field.id(),
    automationStepId: field.id(),
    journeyContext: field.json(journeyContext),
    sendAt: field.custom('date', v.dateOrEmpty),
    tags: field.strings({ max: 250 }),
    /** A marketing email: refused for, and never sent to, an enduser unsubscribed from marketing. */
    isMarketing: field.boolean(),
  },
  onCreate: (record, actor) => ({
    delivered: record.logOnly === true,
    ...(record.userId === undefined && actor.type === 'user' ? { userId: actor.id } : {}),
    ...(typeof record.replyTo === 'string' ? { threadId: record.replyTo } : {}),
  }),
  // A patient's reply (the inbound listener or webhook, a synced mailbox): the reference client's 'Incoming Message'.
  // The staff inbox reads emails newest first.
  indexes: [{ kind: 'sort', field: 'timestamp' }],
  triggers: [{ type: 'Incoming Message', when: { created: true }, only: { inbound: true }, enduser: { field: 'enduserId' }, source: { record: true }, matches: 'incomingMessage' }],
  access: { user: ['create', 'read', 'update', 'delete'] },
  policy: {
    // Non-admin staff see the messages they sent and those of endusers assigned to them (docs/contract/access.md#visibility-filters).
    staff: { assigned: { anyOf: [{ mine: 'userId' }, { assignedEnduser: 'enduserId' }] }, defaultIsAssigned: true },
  },
  example: {
    enduserId: '000000000000000000000000',
    subject: 'Your upcoming visit',
    textContent: 'Hi Pat, see you on Monday at 10am.',
    logOnly: true,
  },
});

