import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the account's auth
 * token, of the full URL Twilio called followed by every POST parameter, sorted by name, as
 * name+value with nothing between (Twilio's "Webhooks security" documentation).
 */
export const twilioSignature = (authToken: string, url: string, params: Record<string, unknown>) => {
  const data = Object.keys(params)
    .sort()
    .map((name) => {
      const value = params[name];
      // A repeated parameter is signed once per value, the values sorted too.
      return Array.isArray(value) ? [...value].map(String).sort().map((item) => `${name}${item}`).join('') : `${name}${String(value ?? '')}`;
    })
    .join('');
  return createHmac('sha1', authToken).update(Buffer.from(url + data, 'utf8')).digest('base64');
};

export const twilioSignatureMatches = (authToken: string, url: string, params: Record<string, unknown>, given: string | undefined) => {
  if (!given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected);
};

/**
 * The URL Twilio was given: API_PUBLIC_URL with the request's path when set (behind a proxy the
 * request's own host may differ), else the request's own scheme and host (the scheme from
 * X-Forwarded-Proto only with TRUST_PROXY).
 */
export const publicUrlOf = (req: Request, publicUrl: string | undefined) => `${publicUrl ?? `${req.protocol}://${req.get('host')}`}${req.originalUrl}`;
