import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A short statement kept in no table: its dot-separated fields in base64url, then an HMAC of them.
 * Each kind of token (one-time account tokens, appointment links) signs with a key of its own, so
 * no token verifies as another kind.
 */
const signatureOf = (key: string | Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export const sealStatement = (key: string | Buffer, fields: readonly (string | number)[]) => {
  const payload = fields.join('.');
  return `${Buffer.from(payload).toString('base64url')}.${signatureOf(key, payload)}`;
};

/** The statement's fields when the token is one we signed with this key (and no longer than maxLength), else undefined. */
export const openStatement = (key: string | Buffer, token: unknown, maxLength: number): string[] | undefined => {
  if (typeof token !== 'string' || token.length > maxLength) return undefined;
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length) return undefined;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(signatureOf(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return payload.split('.');
};
