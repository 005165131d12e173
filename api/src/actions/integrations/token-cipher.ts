import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Integration tokens at rest: AES-256-GCM under a key derived from the api's secret, so a database
 * dump alone does not give access to the connected accounts. Stored as "enc1.<base64url(iv|tag|data)>".
 */
const PREFIX = 'enc1.';

const keyOf = (secret: string) => createHash('sha256').update(`integration-tokens:${secret}`).digest();

export const encryptToken = (secret: string, token: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
};

export const decryptToken = (secret: string, stored: string) => {
  if (!stored.startsWith(PREFIX)) return stored; // written before encryption (or by a client through the generic call)
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
};
