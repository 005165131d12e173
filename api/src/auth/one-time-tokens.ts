import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

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

const sign = (secret: string, payload: string) => createHmac('sha256', keyFor(secret)).update(payload).digest('base64url');

export const createOneTimeToken = (
  secret: string,
  purpose: TokenPurpose,
  kind: AccountKind,
  account: Record<string, unknown>,
  lifetimeSeconds: number,
) => {
  const expiresAt = Math.floor(Date.now() / 1000) + lifetimeSeconds;
  const payload = [PURPOSE_CODE[purpose], KIND_CODE[kind], account._id, expiresAt, credentialFingerprint(account)].join('.');
  return `${Buffer.from(payload).toString('base64url')}.${sign(secret, payload)}`;
};

/** The account id a token names, when its signature, purpose, kind and expiry check out (fingerprint: see `tokenMatchesAccount`). */
export const readOneTimeToken = (secret: string, purpose: TokenPurpose, kind: AccountKind, token: unknown) => {
  if (typeof token !== 'string' || token.length > 250) return undefined;
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length) return undefined;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const [purposeCode, kindCode, id, expiresAt, fingerprint] = payload.split('.');
  if (purposeCode !== PURPOSE_CODE[purpose] || kindCode !== KIND_CODE[kind]) return undefined;
  if (!/^[0-9a-f]{24}$/.test(id ?? '') || !(Number(expiresAt) > Date.now() / 1000)) return undefined;
  return { id, fingerprint };
};

export const tokenMatchesAccount = (token: { fingerprint: string }, account: Record<string, unknown>) => token.fingerprint === credentialFingerprint(account);
