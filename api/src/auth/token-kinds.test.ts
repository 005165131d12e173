import { kindOfClaims, opensCall, opensSocket } from './token-kinds';
import type { TokenClaims } from './tokens';

const claims = (extra: Partial<TokenClaims>): TokenClaims => ({ sub: 'a'.repeat(24), type: 'enduser', businessId: 'b'.repeat(24), v: 0, ...extra });

describe('telling token kinds apart', () => {
  it('knows each session token by its account type and marker claim', () => {
    expect(kindOfClaims(claims({ type: 'user', r: 'x' }))).toBe('staff session');
    expect(kindOfClaims(claims({}))).toBe('enduser session');
    expect(kindOfClaims(claims({ bk: 1 }))).toBe('public booking session');
    expect(kindOfClaims(claims({ fr: 'c'.repeat(24) }))).toBe('public form session');
    expect(kindOfClaims(claims({ ll: 1, lf: 'f' }))).toBe('one-time login link');
    expect(kindOfClaims(claims({ type: 'user', r: 'x', mf: 1 }))).toBe('MFA-pending staff session');
    expect(kindOfClaims(claims({ mf: 1 }))).toBe('MFA-pending enduser session');
  });

  it('makes nothing of two markers at once, or of a marker on the wrong account type', () => {
    expect(kindOfClaims(claims({ bk: 1, fr: 'c'.repeat(24) }))).toBeUndefined();
    expect(kindOfClaims(claims({ type: 'user', bk: 1 }))).toBeUndefined();
  });
});

describe('what each kind opens', () => {
  it('reads a call with or without /v1, in any case, with a trailing slash', () => {
    for (const path of ['/v1/refresh-enduser-session', '/refresh-enduser-session', '/V1/Refresh-Enduser-Session/']) expect(opensCall('one-time login link', 'POST', path)).toBe(true);
    expect(opensCall('one-time login link', 'GET', '/v1/refresh-enduser-session')).toBe(false);
    expect(opensCall('public booking session', 'GET', '/v1/endusers')).toBe(false);
    expect(opensCall('enduser session', 'GET', '/v1/endusers')).toBe(true);
    expect(opensCall('MFA-pending staff session', 'POST', '/v1/users/submit-mfa-challenge')).toBe(true);
    expect(opensCall('MFA-pending staff session', 'POST', '/v1/endusers')).toBe(false);
    expect(opensCall('MFA-pending enduser session', 'POST', '/v1/users/submit-mfa-challenge')).toBe(false);
  });

  it('opens sockets for full sessions only', () => {
    for (const channel of ['socket.io', 'graphql-ws'] as const) {
      expect(opensSocket('staff session', channel)).toBe(true);
      expect(opensSocket('enduser session', channel)).toBe(true);
      for (const kind of ['API key', 'public booking session', 'public form session', 'one-time login link', 'MFA-pending staff session', 'MFA-pending enduser session'] as const) expect(opensSocket(kind, channel)).toBe(false);
    }
  });
});
