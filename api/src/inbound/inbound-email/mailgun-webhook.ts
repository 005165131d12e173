import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { ApiError, badRequest } from '../../errors';
import type { Services } from '../../actions/action';
import { recordEmailReply, ReplyRejected } from './record-reply';

export const MAILGUN_NOT_CONFIGURED = 'Inbound email webhooks are not configured: set MAILGUN_WEBHOOK_SIGNING_KEY';
export const MAILGUN_SIGNATURE_INVALID = 'Mailgun signature missing or invalid';

/** A signed post older (or newer) than this is refused: Mailgun signs each post afresh, a replay is old. */
const SIGNATURE_WINDOW_SECONDS = 15 * 60;

const field = (form: Record<string, unknown>, name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);

/** Mailgun's signature: hex HMAC-SHA256, keyed with the webhook signing key, of timestamp followed by token. */
export const mailgunSignature = (key: string, timestamp: string, token: string) => createHmac('sha256', key).update(timestamp + token).digest('hex');

/**
 * POST /webhooks/mailgun/email: a Mailgun route (match_recipient("reply\+.*@<INBOUND_EMAIL_DOMAIN>"),
 * forward("<API_PUBLIC_URL>/webhooks/mailgun/email")) posting the parsed reply, form-encoded. Only
 * posts signed with MAILGUN_WEBHOOK_SIGNING_KEY within 15 minutes get through (403 otherwise); the
 * recipient must be a reply address that verifies (406, which Mailgun does not retry); the reply is
 * then recorded as the SMTP listener records it.
 */
export const receiveMailgunEmail = async (services: Services, req: Request, res: Response) => {
  const key = services.config.inbound.mailgunSigningKey;
  if (!key) throw new ApiError(403, MAILGUN_NOT_CONFIGURED);
  const form = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  const [timestamp, token, signature] = [field(form, 'timestamp'), field(form, 'token'), field(form, 'signature')];
  const fresh = timestamp !== undefined && Math.abs(Date.now() / 1000 - Number(timestamp)) <= SIGNATURE_WINDOW_SECONDS;
  const expected = timestamp && token ? Buffer.from(mailgunSignature(key, timestamp, token)) : undefined;
  const given = Buffer.from(signature ?? '');
  if (!fresh || !expected || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError(403, MAILGUN_SIGNATURE_INVALID);
  const recipient = field(form, 'recipient');
  if (!recipient) throw badRequest('recipient is required');
  const angle = (value: string | undefined) => value?.match(/<[^<>\s]+>/)?.[0];
  try {
    const id = await recordEmailReply(services, recipient.split(','), {
      headers: {},
      subject: field(form, 'subject') ?? '',
      from: field(form, 'from') ?? field(form, 'sender') ?? '',
      messageId: angle(field(form, 'Message-Id')),
      inReplyTo: angle(field(form, 'In-Reply-To')),
      references: [],
      text: field(form, 'body-plain') ?? '',
    });
    res.json({ id });
  } catch (error) {
    if (error instanceof ReplyRejected) throw new ApiError(406, error.message);
    throw error;
  }
};
