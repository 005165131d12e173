import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { hashSecret, validators, verifySecret } from '@carelane/db';
import { fieldError } from '../errors';

/** The client's address as rate limits see it (X-Forwarded-For only when TRUST_PROXY is set). */
export const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** A new password under the server rule of docs/contract/validation.md#password, errors prefixed 'Error parsing field <field>: '. */
export const parseNewPassword = (field: string, value: unknown) => {
  try {
    return validators.password(value);
  } catch (error) {
    throw fieldError(field, error);
  }
};

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash, spending the same bcrypt time when there is no account
 * or no password, so response times do not tell which accounts exist.
 */
export const checkPassword = async (password: string, hash: unknown) => {
  if (typeof hash === 'string' && hash) return verifySecret(password, hash);
  dummyHash ??= hashSecret(randomBytes(16).toString('hex'));
  await verifySecret(password, await dummyHash);
  return false;
};
