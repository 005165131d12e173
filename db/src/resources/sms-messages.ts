import { FieldError } from '../validation/field-error';
import * as v from '../validation/validators';
import { idToDate, journeyContext, SMS_MAX_LENGTH } from '../validation/messaging-validators';
import { defineResource, field } from './define';

/**
 * Text messages to and from endusers (at most 630 characters). With logOnly the message is only
 * recorded (and counts as delivered); otherwise the server sends it.
 */
export const sms_messages = defineResource({
  name: 'sms_messages',
  fields: {
    logOnly: field.boolean({ default: () => false }),
    message: field.text({ required: true, max: SMS_MAX_LENGTH, searchable: true }),
    linkOpens: field.server('json'),
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    userId: field.id(),
    inbound: field.boolean({ default: () => false }),
    newThread: field.boolean({ updatable: false }),
    delivered: field.server('boolean'),
    /** What became of the send: logged, scheduled, sent, skipped (unsubscribed) or failed; with a note for the last two. */
    deliveryStatus: field.server('text'),
    deliveryNote: field.server('text'),
    internalMessageId: field.server('text'),
    readBy: field.json(idToDate),
    templateId: field.id(),
    automationStepId: field.id(),
    linkOpenTrackingIds: field.strings({ default: () => [] }),
    journeyContext: field.json(journeyContext),
    sendAt: field.custom('date', v.dateOrEmpty),
    timestamp: field.date({ default: () => new Date() }),
    tags: field.strings({ max: 250 }),
  },
  check: (record) => {
    if (typeof record.message === 'string' && record.message.trim() === '') throw new FieldError('message must not be blank');
  },
  onCreate: (record, actor) => ({
    delivered: record.logOnly === true,
    ...(record.userId === undefined && actor.type === 'user' ? { userId: actor.id } : {}),
  }),
  access: { user: ['create', 'read', 'update', 'delete'] },
  policy: {
    // Non-admin staff see the messages they sent and those of endusers assigned to them (000 §6).
    staff: { assigned: { anyOf: [{ mine: 'userId' }, { assignedEnduser: 'enduserId' }] }, defaultIsAssigned: true },
  },
  example: { enduserId: '000000000000000000000000', message: 'Reminder: your appointment is tomorrow at 10am.', logOnly: true },
});
