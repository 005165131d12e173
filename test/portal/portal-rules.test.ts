import { ConfigError, loadConfig } from '../../web/app/config.server';
import { lookupForHost } from '../../web/app/host.server';
import { safeColor, safeImageURL } from '../../web/app/organization';
import { MESSAGES, newPasswordProblem, parseIdentifier, validateIdentifier, validatePassword, validateRegistration } from '../../web/app/validation';

describe('portal configuration', () => {
  it('has development defaults', () => {
    expect(loadConfig({})).toEqual({
      apiUrl: 'http://127.0.0.1:8080',
      portalDomain: undefined,
      defaultSubdomain: 'demo',
      sessionSecret: expect.any(String),
      production: false,
      // No Temporal UI unless one is named (npm start names its dev server's): the staff app then draws no link to it.
      temporalUiUrl: undefined,
      temporalNamespace: 'default',
      ga4CollectUrl: 'https://www.google-analytics.com/g/collect',
    });
  });

  it('reads and normalises each variable', () => {
    const config = loadConfig({
      API_URL: 'https://api.example.com/',
      PORTAL_DOMAIN: 'Portal.Example.com',
      PORTAL_DEFAULT_SUBDOMAIN: 'Clinic-1',
      SESSION_SECRET: 'x'.repeat(40),
      NODE_ENV: 'production',
      TEMPORAL_UI_URL: 'https://temporal.example.com/',
      TEMPORAL_NAMESPACE: 'carelane',
    });
    expect(config).toEqual({
      apiUrl: 'https://api.example.com',
      portalDomain: 'portal.example.com',
      defaultSubdomain: 'clinic-1',
      sessionSecret: 'x'.repeat(40),
      production: true,
      temporalUiUrl: 'https://temporal.example.com',
      temporalNamespace: 'carelane',
      ga4CollectUrl: 'https://www.google-analytics.com/g/collect',
    });
  });

  it.each([
    [{ API_URL: 'ftp://api.example.com' }, /API_URL/],
    [{ API_URL: 'not a url' }, /API_URL/],
    [{ PORTAL_DOMAIN: 'https://portal.example.com' }, /PORTAL_DOMAIN/],
    [{ PORTAL_DOMAIN: 'portal.example.com:3030' }, /PORTAL_DOMAIN/],
    [{ PORTAL_DEFAULT_SUBDOMAIN: 'a.b' }, /PORTAL_DEFAULT_SUBDOMAIN/],
    [{ NODE_ENV: 'production' }, /SESSION_SECRET is required/],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32/],
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('organization from the host', () => {
  const settings = { portalDomain: 'portal.example.com', defaultSubdomain: 'demo' };

  it.each([
    ['localhost', { subdomain: 'demo' }],
    ['127.0.0.1', { subdomain: 'demo' }],
    ['[::1]', { subdomain: 'demo' }],
    ['acme.portal.example.com', { subdomain: 'acme' }],
    ['ACME.Portal.Example.com.', { subdomain: 'acme' }],
    ['portal.example.com', null],
    ['a.b.portal.example.com', null],
    ['care.acme-clinic.com', { customPortalURL: 'care.acme-clinic.com' }],
    ['evilportal.example.com', { customPortalURL: 'evilportal.example.com' }],
  ])('%s', (host, lookup) => {
    expect(lookupForHost(host, settings)).toEqual(lookup);
  });

  it('without PORTAL_DOMAIN every non-local host is a custom portal URL', () => {
    expect(lookupForHost('acme.portal.example.com', { defaultSubdomain: 'demo' })).toEqual({ customPortalURL: 'acme.portal.example.com' });
  });
});

describe('branding values from the organization', () => {
  it('accepts hex colours only', () => {
    expect(safeColor('#A1B2C3')).toBe('#a1b2c3');
    expect(safeColor('#abc')).toBe('#abc');
    expect(safeColor('red;}body{display:none')).toBe('#1564bf');
    expect(safeColor(undefined, '#1c4378')).toBe('#1c4378');
  });

  it('accepts http(s) and same-host image addresses only', () => {
    expect(safeImageURL('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    expect(safeImageURL('/logo.png')).toBe('/logo.png');
    expect(safeImageURL('//evil.example.com/x.png')).toBeUndefined();
    expect(safeImageURL('javascript:alert(1)')).toBeUndefined();
    expect(safeImageURL('')).toBeUndefined();
  });
});

describe('form rules shared by the browser and the server', () => {
  it.each([
    ['Pat@Example.com', { email: 'pat@example.com' }],
    [' pat@example.com ', { email: 'pat@example.com' }],
    ['(555) 123-4567', { phone: '5551234567' }],
    ['+44 20 7946 0958', { phone: '+442079460958' }],
    ['pat@example', null],
    ['12345', null],
    ['call me', null],
    ['', null],
  ])('identifier %j', (raw, identifier) => {
    expect(parseIdentifier(raw)).toEqual(identifier);
  });

  it('asks for a valid email and a password at login', () => {
    expect(validateIdentifier({ identifier: 'nope' })).toEqual({ identifier: 'Enter a valid email' });
    expect(validateIdentifier({ identifier: 'pat@example.com' })).toEqual({});
    expect(validatePassword({ password: '' })).toEqual({ password: 'Enter a password' });
    expect(validatePassword({ password: 'x' })).toEqual({});
  });

  it.each([
    ['', MESSAGES.password],
    ['Ab1', 'Must be at least 8 characters'],
    [`Ab1${'x'.repeat(98)}`, 'Must be at most 100 characters'],
    ['ABCDEFG1', 'Must contain a lowercase letter'],
    ['abcdefg1', 'Must contain an uppercase letter'],
    ['Abcdefgh', 'Must contain a number or special character'],
    ['Abcdefg!', undefined],
    ['Abcdefg1', undefined],
  ])('new password %j', (password, problem) => {
    expect(newPasswordProblem(password)).toBe(problem);
  });

  it('requires the terms to be accepted, whether from the browser or a posted form', () => {
    const valid = { email: 'pat@example.com', password: 'Abcdefg1' };
    expect(validateRegistration({ ...valid, acceptTerms: true })).toEqual({});
    expect(validateRegistration({ ...valid, acceptTerms: 'on' })).toEqual({});
    expect(validateRegistration({ ...valid, acceptTerms: undefined })).toEqual({ acceptTerms: MESSAGES.terms });
    expect(validateRegistration({ email: 'x', password: '', acceptTerms: 'on' })).toEqual({ email: 'Enter a valid email', password: 'Enter a password' });
  });
});
