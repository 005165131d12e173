import { FieldError } from '../validation/field-error';
import * as v from '../validation/validators';
import { idToDate, journeyContext, SMS_MAX_LENGTH } from '../validation/messaging-validators';
import { defineResource, field } from './define';

/**
 * Text messages to and from endusers (at most 630 characters). With logOnly the message is only
 * recorded (and counts as delivered); otherwise the server sends it. An incoming text (inbound,
 * written by the Twilio webhook: api/src/inbound) names its patient when its number matched exactly
 * one; otherwise it has no enduserId and is shown as unmatched (docs/decisions.md, issue 33).
 */
export const sms_messages = defineResource({
  name: 'sms_messages',
  fields: {
    logOnly: field.boolean({ default: () => false }),
    message: field.text({ required: true, max: SMS_MAX_LENGTH, searchable: true }),
    linkOpens: field.server('json'),
    // Required for every message but an incoming text from a number that matched no one (check below).
    enduserId: field.id({ references: { resource: 'endusers', onDelete: 'cascade' } }),
    userId: field.id(),
    inbound: field.boolean({ default: () => false }),
    newThread: field.boolean({ updatable: false }),
    delivered: field.server('boolean'),
    /** What became of the send: logged, scheduled, sent, skipped (unsubscribed) or failed; with a note for the last two. */
    deliveryStatus: field.server('text'),
    deliveryNote: field.server('text'),
    /** Twilio's MessageSid (outgoing: the send's; incoming: the webhook's, which keeps a retried delivery stored once). */
    internalMessageId: field.server('text', { indexed: true }),
    /** The patient's side of an incoming text: the number it came from (kept when no patient matched). */
    phoneNumber: field.server('text', { indexed: true }),
    /** The organization's number an incoming text was sent to. */
    businessPhoneNumber: field.server('text'),
    /** An incoming text whose number matched several patients: their ids (it names none of them). */
    possibleEnduserIds: field.server('json'),
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
    if (!record.enduserId && record.inbound !== true) throw new FieldError('Value not provided for required field: enduserId');
  },
  // Only incoming texts with a patient: the reference client's trigger (info: channels, keywords, destinations, noCareTeam).
  triggers: [{ type: 'Incoming Message', when: { created: true }, only: { inbound: true }, enduser: { field: 'enduserId' }, source: { record: true }, matches: 'incomingMessage' }],
  onCreate: (record, actor) => ({
    delivered: record.logOnly === true,
    ...(record.userId === undefined && actor.type === 'user' ? { userId: actor.id } : {}),
  }),
  // The staff inbox reads texts newest first.
  indexes: [{ kind: 'sort', field: 'timestamp' }],
  access: { user: ['create', 'read', 'update', 'delete'] },
  policy: {
    // Non-admin staff see the messages they sent and those of endusers assigned to them (docs/contract/access.md#visibility-filters).
    staff: { assigned: { anyOf: [{ mine: 'userId' }, { assignedEnduser: 'enduserId' }] }, defaultIsAssigned: true },
  },
  example: { enduserId: '000000000000000000000000', message: 'Reminder: your appointment is tomorrow at 10am.', logOnly: true },
});
