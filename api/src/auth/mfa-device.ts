import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { deriveSecret } from './derive-secret';

/**
 * "Remember this device for 30 days" (docs/contract/access.md#second-factor): a statement signed by
 * the api that this enduser met the second factor on the device holding it. The portal keeps it in a
 * signed, httpOnly cookie and hands it back at the next password sign-in, which then skips the code.
 * It names the password it was earned with, so a new password forgets every remembered device;
 * signing out does not (that is the point of remembering).
 */
export const REMEMBER_DEVICE_SECONDS = 30 * 24 * 60 * 60;

const passwordFingerprint = (row: Record<string, unknown>) => createHash('sha256').update(String(row.hashedPassword ?? '')).digest('base64url').slice(0, 16);
const sign = (secret: string, payload: string) => createHmac('sha256', deriveSecret(secret, 'mfa-remembered-device')).update(payload).digest('base64url');

export const rememberDevice = (secret: string, row: Record<string, unknown>, now = Date.now()) => {
  const payload = [row._id, Math.floor(now / 1000) + REMEMBER_DEVICE_SECONDS, passwordFingerprint(row)].join('.');
  return `${Buffer.from(payload).toString('base64url')}.${sign(secret, payload)}`;
};

/** Whether the token was issued to this enduser, is unexpired, and predates no password change. */
export const deviceRemembered = (secret: string, row: Record<string, unknown>, token: unknown, now = Date.now()) => {
  if (typeof token !== 'string' || token.length > 500) return false;
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length) return false;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const [id, expiresAt, fingerprint] = payload.split('.');
  return id === row._id && Number(expiresAt) > now / 1000 && fingerprint === passwordFingerprint(row);
};
