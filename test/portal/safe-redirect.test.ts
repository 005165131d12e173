import { sameOriginPath } from '../../web/app/safe-redirect';
import { HOSTILE_TARGETS, staysOn } from './redirect-targets';

const PORTAL = 'https://clinic.example.test/onboarding?redirectTo=x';

/** The portal's redirect check (web/app/safe-redirect.ts), read by the URL standard against the portal's origin. */
describe('sameOriginPath', () => {
  it.each(HOSTILE_TARGETS.map((target) => [JSON.stringify(target), target]))('%s never leaves the portal', (_name, target) => {
    const path = sameOriginPath(target, PORTAL);
    if (path !== undefined) expect(staysOn(path, PORTAL)).toBe(true);
  });

  it('refuses whatever a browser would take to another origin', () => {
    for (const target of ['/\t/evil.example/x', '/\n/evil.example', '/\\evil.example', '\\\\evil.example', '//evil.example', '/.//evil.example', 'https://evil.example', 'javascript:alert(1)', 'http://clinic.example.test/home', 'https://clinic.example.test:8443/home']) {
      expect(sameOriginPath(target, PORTAL)).toBeUndefined();
    }
    for (const target of [undefined, null, 42, '', {}]) expect(sameOriginPath(target, PORTAL)).toBeUndefined();
  });

  it("keeps the portal's own paths, answering path, query and fragment only", () => {
    expect(sameOriginPath('/home', PORTAL)).toBe('/home');
    expect(sameOriginPath('/settings?tab=profile#phone', PORTAL)).toBe('/settings?tab=profile#phone');
    expect(sameOriginPath('https://clinic.example.test/events?x=1', PORTAL)).toBe('/events?x=1');
    // Still-encoded control characters are a path on the portal, answered encoded.
    expect(sameOriginPath('/%09/evil.example/x', PORTAL)).toBe('/%09/evil.example/x');
    expect(sameOriginPath('/\0/x', PORTAL)).toBe('/%00/x');
  });
});
