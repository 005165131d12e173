import type { Request, Response } from 'express';
import { sms_messages } from '@carelane/db';
import type { Services } from '../actions/action';
import { twiml } from './twiml';
import { formValue, verifiedTwilioForm, type TwilioForm } from './twilio-webhook';

/** Twilio's final states of an outgoing text; the others (queued, sending, sent ...) are on the way. */
const FAILED = new Set(['failed', 'undelivered']);

/**
 * Twilio's status callback for an outgoing text: 'delivered' sets delivered; 'failed' and
 * 'undelivered' mark the send failed with Twilio's error code. Repeats write the same values.
 */
export const recordTextStatus = async (services: Services, form: TwilioForm) => {
  const sid = formValue(form, 'MessageSid') ?? formValue(form, 'SmsSid');
  const status = formValue(form, 'MessageStatus') ?? formValue(form, 'SmsStatus');
  if (!sid || !status || (status !== 'delivered' && !FAILED.has(status))) return;
  // raw SQL: Twilio names only its own message id; this finds the business whose text it is, and the update is scoped to it.
  const [found] = (await services.dataSource.query(`SELECT _id, "businessId", "organizationIds" FROM sms_messages WHERE "internalMessageId" = $1 AND inbound IS NOT TRUE LIMIT 1`, [sid])) as {
    _id: string;
    businessId: string;
    organizationIds: string[] | null;
  }[];
  if (!found) return;
  const error = formValue(form, 'ErrorCode');
  const serverFields =
    status === 'delivered'
      ? { delivered: true, deliveryStatus: 'sent', deliveryNote: null }
      : { delivered: false, deliveryStatus: 'failed', deliveryNote: `Twilio reported the text ${status}${error ? ` (error ${error})` : ''}` };
  await services.engine.system(found.businessId, found.organizationIds ?? []).updateOne(sms_messages, found._id, {}, { serverFields });
};

/** POST /webhooks/twilio/status (and status callbacks that reach /webhooks/twilio/sms). */
export const receiveTwilioStatus = async (services: Services, req: Request, res: Response) => {
  await recordTextStatus(services, verifiedTwilioForm(services, req));
  res.type('text/xml').send(twiml([]));
};
