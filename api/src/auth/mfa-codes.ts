import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { deriveSecret } from './derive-secret';

/**
 * The arithmetic of second-factor codes (docs/contract/access.md#second-factor), free of I/O: a
 * challenge's code is six digits, good for 10 minutes and 5 tries; recovery codes are longer and work
 * once. Both are kept only as keyed hashes: six digits are too few for a plain hash to hide them.
 */
export const MFA_CODE_SECONDS = 10 * 60;
export const MFA_MAX_TRIES = 5;
export const RECOVERY_CODE_COUNT = 10;

/** A pending challenge as stored on the account (a secret server field). */
export interface StoredChallenge {
  hash: string;
  expiresAt: number;
  tries: number;
}

export type ChallengeOutcome = 'accepted' | 'wrong' | 'expired' | 'exhausted' | 'none';

export const newChallengeCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Ten letters and digits in two groups (`k3m9q-x7t2p`): easy to copy from a printout. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });

/** What a typed code is taken for: spaces and dashes a person adds are ignored, letters in any case. */
export const normaliseCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
export const looksLikeChallengeCode = (code: string) => /^\d{6}$/.test(normaliseCode(code));

/** Keyed by the account too, so one hash never matches the same code of another account. */
export const hashCode = (secret: string, accountId: string, code: string) =>
  createHmac('sha256', deriveSecret(secret, 'mfa-code')).update(`${accountId}:${normaliseCode(code)}`).digest('base64url');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const newChallenge = (hash: string, now: number): StoredChallenge => ({ hash, expiresAt: now + MFA_CODE_SECONDS * 1000, tries: 0 });

/** Judges one try against the stored challenge; every try but an accepted one uses up one of the five. */
export const judgeChallenge = (stored: StoredChallenge | null | undefined, hash: string, now: number): ChallengeOutcome => {
  if (!stored || typeof stored.hash !== 'string') return 'none';
  if (stored.tries >= MFA_MAX_TRIES) return 'exhausted';
  if (now > stored.expiresAt) return 'expired';
  return sameHash(stored.hash, hash) ? 'accepted' : 'wrong';
};

/** The stored recovery hashes without the one this code matches, or undefined when it matches none. */
export const spendRecoveryCode = (stored: unknown, hash: string): string[] | undefined => {
  const hashes = Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  const index = hashes.findIndex((item) => sameHash(item, hash));
  return index < 0 ? undefined : [...hashes.slice(0, index), ...hashes.slice(index + 1)];
};
