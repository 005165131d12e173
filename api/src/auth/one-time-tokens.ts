import { createHash, createHmac } from 'node:crypto';
import { openStatement, sealStatement } from './signed-statement';

/**
 * Password-reset and invitation tokens, kept in no table: an HMAC-signed statement of purpose,
 * account, expiry and a fingerprint of the account's current credentials (hashedPassword and
 * sessionVersion). Using a token changes the password and bumps sessionVersion, which changes the
 * fingerprint, so every token is single-use; logging out everywhere or any other password change
 * also ends outstanding tokens. About 120 characters, within the reference's 250 for resetToken.
 */
export type TokenPurpose = 'reset' | 'login' | 'invite';
export type AccountKind = 'user' | 'enduser';

const KIND_CODE: Record<AccountKind, string> = { user: 'u', enduser: 'e' };
const PURPOSE_CODE: Record<TokenPurpose, string> = { reset: 'r', login: 'l', invite: 'i' };

const keyFor = (secret: string) => createHmac('sha256', secret).update('carelane one-time tokens').digest();

export const credentialFingerprint = (account: Record<string, unknown>) =>
  createHash('sha256')
    .update(`${account.hashedPassword ?? ''}:${Number(account.sessionVersion ?? 0)}`)
    .digest('base64url')
    .slice(0, 16);

export const createOneTimeToken = (
  secret: string,
  purpose: TokenPurpose,
  kind: AccountKind,
  account: Record<string, unknown>,
  lifetimeSeconds: number,
) => {
  const expiresAt = Math.floor(Date.now() / 1000) + lifetimeSeconds;
  return sealStatement(keyFor(secret), [PURPOSE_CODE[purpose], KIND_CODE[kind], String(account._id), expiresAt, credentialFingerprint(account)]);
};

/** The account id a token names, when its signature, purpose, kind and expiry check out (fingerprint: see `tokenMatchesAccount`). */
export const readOneTimeToken = (secret: string, purpose: TokenPurpose, kind: AccountKind, token: unknown) => {
  const fields = openStatement(keyFor(secret), token, 250);
  if (!fields) return undefined;
  const [purposeCode, kindCode, id, expiresAt, fingerprint] = fields;
  if (purposeCode !== PURPOSE_CODE[purpose] || kindCode !== KIND_CODE[kind]) return undefined;
  if (!/^[0-9a-f]{24}$/.test(id ?? '') || !(Number(expiresAt) > Date.now() / 1000)) return undefined;
  return { id, fingerprint };
};

export const tokenMatchesAccount = (token: { fingerprint: string }, account: Record<string, unknown>) => token.fingerprint === credentialFingerprint(account);
