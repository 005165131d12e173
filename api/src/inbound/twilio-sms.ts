import type { Request, Response } from 'express';
import { endusers, sms_messages } from '@carelane/db';
import { ApiError, badRequest } from '../errors';
import type { Services } from '../actions/action';
import { carrierKeywordOf, wordOf } from './carrier-keywords';
import { confirmationOf, phoneOptedOut, setPhoneConsent } from './opt-out';
import { patientTextsWithin } from '@carelane/activities/patient-messages';
import { ownerOfNumber } from './phone-owner';
import { actOnReminderReply } from './reminder-replies';
import { recordTextStatus } from './twilio-status';
import { twiml } from './twiml';
import { formValue, verifiedTwilioForm } from './twilio-webhook';

export const NUMBER_NOT_OWNED = "No organization owns this number: list it in the organization's settings.sms.phoneNumbers";
export const INCOMING_TEXT_INCOMPLETE = 'MessageSid, From and To are required';

/** sms_messages.message's limit (db's SMS_MAX_LENGTH); Twilio joins long texts up to 1,600 characters. */
const TEXT_LIMIT = 630;

const storedText = (body: string, numMedia: number) => {
  const text = body.trim() ? body : numMedia > 0 ? `(${numMedia} attachment${numMedia === 1 ? '' : 's'}, not kept)` : '(empty text)';
  return text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT - 1)}…` : text;
};

/**
 * POST /webhooks/twilio/sms: a patient's text (docs/decisions.md, issue 33). Verified (403 otherwise),
 * then in one transaction: the text is stored once per MessageSid (Twilio retries), as an inbound
 * sms_messages record of the patient whose phone it came from within the organization that owns the
 * number (none when no one or several match), and what it asks for is done: carriers' keywords
 * (opt-out.ts) and answers to an appointment reminder (reminder-replies.ts). The answers go back as
 * TwiML and are recorded on the patient's timeline. A failure anywhere writes nothing and answers
 * 5xx, so Twilio retries; after the commit the changes are announced (inbox, timeline, triggers).
 */
export const receiveTwilioSms = async (services: Services, req: Request, res: Response) => {
  const form = verifiedTwilioForm(services, req);
  const body = formValue(form, 'Body');
  // A status callback pointed at this URL: no Body, a MessageStatus.
  if (body === undefined && formValue(form, 'MessageStatus')) {
    await recordTextStatus(services, form);
    return void res.type('text/xml').send(twiml([]));
  }
  const sid = formValue(form, 'MessageSid') ?? formValue(form, 'SmsSid');
  const from = formValue(form, 'From');
  const to = formValue(form, 'To');
  if (!sid || !from || !to) throw badRequest(INCOMING_TEXT_INCOMPLETE);
  const owner = await ownerOfNumber(services, to);
  if (!owner) throw new ApiError(404, NUMBER_NOT_OWNED);
  const { caller } = services.engine.system(owner.businessId, owner.path);
  const text = body ?? '';
  const now = new Date();

  const answers = await services.engine.transaction(async (tx) => {
    // raw SQL: an advisory lock (the engine takes no locks on rows that do not exist yet), so Twilio's retries of one text store it once.
    await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`twilio-sms:${sid}`]);
    if (await tx.row(sms_messages, caller, { internalMessageId: sid, inbound: true })) return [];
    const holders = await tx.rows(endusers, caller, { filter: { phone: from }, limit: 10 });
    // One patient with this phone is the sender; several (a shared phone) or none: shown as unmatched.
    const enduser = holders.length === 1 ? holders[0] : undefined;
    const keyword = carrierKeywordOf(text);
    const wasOptedOut = keyword ? await phoneOptedOut(tx, caller, from) : false;
    await tx.createOne(
      sms_messages,
      caller,
      { message: storedText(text, Number(formValue(form, 'NumMedia') ?? 0)), inbound: true, timestamp: now, ...(enduser ? { enduserId: String(enduser._id) } : {}) },
      {
        internalMessageId: sid,
        phoneNumber: from,
        businessPhoneNumber: to,
        ...(holders.length > 1 ? { possibleEnduserIds: holders.map((holder) => String(holder._id)) } : {}),
      },
      { organizationIds: enduser ? ((enduser.organizationIds as string[] | null) ?? owner.path) : owner.path },
    );

    const replies: { text: string; calendarEventId?: string }[] = [];
    // YES opts back in a phone that opted out; otherwise it is an answer like any other (a reminder's Y).
    if (keyword === 'optOut' || keyword === 'help' || (keyword === 'optIn' && (wasOptedOut || wordOf(text) !== 'YES'))) {
      if (keyword !== 'help') await setPhoneConsent(tx, caller, from, keyword === 'optIn');
      // The texter's language: the one patient's with this phone, else the receiving organization's default (issue #38).
      const texts = await patientTextsWithin(tx.manager, enduser ?? { businessId: owner.businessId, organizationIds: owner.path });
      replies.push({ text: confirmationOf(keyword, owner, texts) });
    } else if (enduser) {
      const reply = await actOnReminderReply(tx, caller, { enduser, body: text, portalUrl: services.config.portalUrl, now });
      if (reply?.answer) replies.push({ text: reply.answer, calendarEventId: reply.calendarEventId });
    }
    // Each answer on the patient's timeline: sent by Twilio as its reply (TwiML), so recorded, not sent again.
    if (enduser)
      for (const reply of replies)
        await tx.createOne(
          sms_messages,
          caller,
          { enduserId: String(enduser._id), message: reply.text, logOnly: true, ...(reply.calendarEventId ? { journeyContext: { calendarEventId: reply.calendarEventId } } : {}) },
          { phoneNumber: from, businessPhoneNumber: to },
          { organizationIds: (enduser.organizationIds as string[] | null) ?? owner.path },
        );
    return replies.map((reply) => reply.text);
  });
  res.type('text/xml').send(twiml(answers));
};
