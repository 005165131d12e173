import { createOneTimeToken, readOneTimeToken, tokenMatchesAccount } from '../../api/src/auth/one-time-tokens';

const SECRET = 'x'.repeat(32);
const account = { _id: '0123456789abcdef01234567', hashedPassword: '$2b$12$abcdefghijklmnopqrstuv', sessionVersion: 3 };

describe('one-time (reset) tokens: signed, expiring, single-use through the credential fingerprint', () => {
  test('a fresh token names its account and matches its current credentials, within 250 characters', () => {
    const token = createOneTimeToken(SECRET, 'reset', 'enduser', account, 3600);
    expect(token.length).toBeLessThanOrEqual(250);
    const read = readOneTimeToken(SECRET, 'reset', 'enduser', token);
    expect(read?.id).toBe(account._id);
    expect(tokenMatchesAccount(read!, account)).toBe(true);
  });

  test('a changed password or session version (a used token, a logout everywhere) no longer matches', () => {
    const read = readOneTimeToken(SECRET, 'reset', 'user', createOneTimeToken(SECRET, 'reset', 'user', account, 3600))!;
    expect(tokenMatchesAccount(read, { ...account, hashedPassword: '$2b$12$somethingelse' })).toBe(false);
    expect(tokenMatchesAccount(read, { ...account, sessionVersion: 4 })).toBe(false);
  });

  test('expired, tampered, wrong-secret, wrong-purpose and wrong-kind tokens are refused', () => {
    const expired = createOneTimeToken(SECRET, 'reset', 'user', account, -1);
    expect(readOneTimeToken(SECRET, 'reset', 'user', expired)).toBeUndefined();
    const token = createOneTimeToken(SECRET, 'reset', 'user', account, 3600);
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(Buffer.from(payload, 'base64url').toString().replace(account._id, 'fedcba9876543210fedcba98')).toString('base64url');
    expect(readOneTimeToken(SECRET, 'reset', 'user', `${forged}.${signature}`)).toBeUndefined();
    expect(readOneTimeToken('y'.repeat(32), 'reset', 'user', token)).toBeUndefined();
    expect(readOneTimeToken(SECRET, 'login', 'user', token)).toBeUndefined();
    expect(readOneTimeToken(SECRET, 'reset', 'enduser', token)).toBeUndefined();
    for (const junk of [undefined, 42, '', 'a.b.c', 'x'.repeat(300)]) expect(readOneTimeToken(SECRET, 'reset', 'user', junk)).toBeUndefined();
  });
});
