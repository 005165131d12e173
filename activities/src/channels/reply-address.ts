import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Reply-To of a patient email: reply+<email id>.<signature>@<INBOUND_EMAIL_DOMAIN>. The
 * signature (HMAC-SHA256 with a key derived from JWT_SECRET, hex, 128 bits) proves the address was
 * made here for that email, so a reply to it is threaded onto that email and no one can invent an
 * address that files mail on another patient. Hex keeps it whole through mail systems that change
 * the case of local parts; the whole local part stays under 64 characters.
 */
export interface ReplyAddressing {
  domain: string;
  /** deriveSecret(JWT_SECRET, REPLY_KEY_PURPOSE) (api/src/auth/derive-secret.ts). */
  key: string;
}

export const REPLY_KEY_PURPOSE = 'inbound-email-reply';

/** The same derivation as api/src/auth/derive-secret.ts, for the worker, which reads JWT_SECRET itself. */
export const replyKeyFrom = (jwtSecret: string) => createHmac('sha256', jwtSecret).update(REPLY_KEY_PURPOSE).digest('base64url');

const signatureOf = (key: string, emailId: string) => createHmac('sha256', key).update(`reply:${emailId}`).digest('hex').slice(0, 32);

export const replyAddress = (addressing: ReplyAddressing, emailId: string) => `reply+${emailId}.${signatureOf(addressing.key, emailId)}@${addressing.domain}`;

/**
 * The email id a reply address names, when its signature verifies and it is on our domain;
 * undefined otherwise (a made-up, altered or foreign address).
 */
export const emailIdOfReplyAddress = (addressing: ReplyAddressing, address: string): string | undefined => {
  const match = address.trim().toLowerCase().match(/^reply\+([0-9a-f]{24})\.([0-9a-f]{32})@(.+)$/);
  if (!match || match[3] !== addressing.domain) return undefined;
  const [, emailId, given] = match;
  const expected = signatureOf(addressing.key, emailId);
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected)) ? emailId : undefined;
};
