import {
  deliverStoredMessage,
  DeliveryError,
  isMarketingRefused,
  UNSUBSCRIBED_FROM_MARKETING,
  MissingContactError,
  hasOptedOutOfTexts,
  OPTED_OUT_OF_TEXTS,
  type MessageResource,
  type MessagingChannels,
} from '@carelane/activities/channels/delivery';
import { ApiError, badRequest } from '../errors';
import type { MessageScheduler } from '../automation/message-scheduler';
import type { HookContext, HookRegistry } from '@carelane/engine';
import { sanitizeFields } from './sanitize';

/** A sendAt less than this far ahead is sent at once rather than scheduled. */
const SCHEDULE_THRESHOLD_MS = 1000;

const HTML_FIELDS: Record<MessageResource, string[]> = { emails: ['HTMLContent'], sms_messages: [] };

const isFuture = (value: unknown, now: number): value is Date => value instanceof Date && value.getTime() - now > SCHEDULE_THRESHOLD_MS;

const enduserOf = (record: Record<string, unknown>, { manager, caller }: HookContext) =>
  // raw SQL: the recipient's contact details and unsubscribe flags, read as the server to send, whatever the sender may read of them.
  manager.getRepository('endusers').findOne({ where: { _id: String(record.enduserId), businessId: caller.businessId } });

/**
 * Emails and SMS: creating one sends it (docs/contract/automations.md#states-and-transitions, Email
 * and SMS). Inside the engine's transaction:
 * 'Missing email' / 'Missing phone' before anything is written; a sendAt in the future is stored as
 * 'scheduled' and handed to a Temporal workflow; otherwise the message goes out through the
 * configured channel and its delivery fields are written. A failed send or schedule rolls the
 * whole create back, so the client gets the error and no half-record remains.
 */
const messageHooks = (resource: MessageResource, channels: MessagingChannels, scheduler: MessageScheduler) => ({
  async beforeCreate(record: Record<string, unknown>, context: HookContext) {
    const sanitised = sanitizeFields(record, HTML_FIELDS[resource]) ?? {};
    // Before logOnly, as the reference client's schema does: a marketing email is not even recorded for someone who opted out.
    if (record.isMarketing === true && isMarketingRefused(await enduserOf(record, context), record)) throw badRequest(UNSUBSCRIBED_FROM_MARKETING);
    if (record.logOnly === true) return { ...sanitised, delivered: true, deliveryStatus: 'logged' };
    // An inbound message records what an enduser sent us: nothing to deliver.
    if (record.inbound === true) return { ...sanitised, delivered: false, deliveryStatus: 'logged' };
    const enduser = await enduserOf(record, context);
    const address = resource === 'emails' ? enduser?.email : enduser?.phone;
    if (enduser && !address) throw badRequest(new MissingContactError(resource === 'emails' ? 'email' : 'sms').message);
    // Carriers require STOP to hold: a text to a phone that opted out is refused before anything is stored.
    if (resource === 'sms_messages' && hasOptedOutOfTexts(enduser)) throw badRequest(OPTED_OUT_OF_TEXTS);
    const scheduled = isFuture(record.sendAt, Date.now());
    return { ...sanitised, delivered: false, deliveryStatus: scheduled ? 'scheduled' : 'sending' };
  },

  async afterCreate(record: Record<string, unknown>, context: HookContext) {
    if (record.deliveryStatus === 'scheduled') {
      try {
        await scheduler.schedule({ businessId: context.caller.businessId, resource, id: String(record._id), sendAt: (record.sendAt as Date).getTime() });
      } catch (error) {
        throw new ApiError(503, `The message could not be scheduled: ${(error as Error).message}`);
      }
      return;
    }
    if (record.deliveryStatus !== 'sending') return;
    try {
      return { ...(await deliverStoredMessage(context.manager, channels, resource, record)) };
    } catch (error) {
      if (error instanceof MissingContactError) throw badRequest(error.message);
      if (error instanceof DeliveryError) throw new ApiError(502, error.message);
      throw error;
    }
  },

  async beforeUpdate(changes: Record<string, unknown>) {
    return sanitizeFields(changes, HTML_FIELDS[resource]);
  },
});

export const registerMessageHooks = (hooks: HookRegistry, channels: MessagingChannels, scheduler: MessageScheduler) => {
  hooks.register('emails', messageHooks('emails', channels, scheduler));
  hooks.register('sms_messages', messageHooks('sms_messages', channels, scheduler));
};
