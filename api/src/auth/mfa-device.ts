import { createHash } from 'node:crypto';
import { deriveSecret } from './derive-secret';
import { openStatement, sealStatement } from './signed-statement';

/**
 * "Remember this device for 30 days" (docs/contract/access.md#second-factor): a statement signed by
 * the api that this enduser met the second factor on the device holding it. The portal keeps it in a
 * signed, httpOnly cookie and hands it back at the next password sign-in, which then skips the code.
 * It names the password it was earned with, so a new password forgets every remembered device;
 * signing out does not (that is the point of remembering).
 */
export const REMEMBER_DEVICE_SECONDS = 30 * 24 * 60 * 60;

const passwordFingerprint = (row: Record<string, unknown>) => createHash('sha256').update(String(row.hashedPassword ?? '')).digest('base64url').slice(0, 16);
const keyFor = (secret: string) => deriveSecret(secret, 'mfa-remembered-device');

export const rememberDevice = (secret: string, row: Record<string, unknown>, now = Date.now()) =>
  sealStatement(keyFor(secret), [String(row._id), Math.floor(now / 1000) + REMEMBER_DEVICE_SECONDS, passwordFingerprint(row)]);

/** Whether the token was issued to this enduser, is unexpired, and predates no password change. */
export const deviceRemembered = (secret: string, row: Record<string, unknown>, token: unknown, now = Date.now()) => {
  const fields = openStatement(keyFor(secret), token, 500);
  if (!fields) return false;
  const [id, expiresAt, fingerprint] = fields;
  return id === row._id && Number(expiresAt) > now / 1000 && fingerprint === passwordFingerprint(row);
};
