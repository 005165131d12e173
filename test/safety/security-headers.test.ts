import { reportFigure } from '../support/figures';
import { startApi, type RunningApi } from '../support/api-server';
import { startPortal, type RunningPortal } from '../support/portal-server';
import { createTenant, type Tenant } from '../support/tenant';

/**
 * Issue 21: security headers on the api and the portal, read over real HTTP from the processes as
 * they run. The api runs without TRUST_PROXY (no HSTS) and once with it; the portal with it.
 */
describe('security headers', () => {
  let api: RunningApi;
  let proxiedApi: RunningApi;
  let tenant: Tenant;
  let portal: RunningPortal;
  /** Answers whose headers passed every check (counted at the end of each test), for the figure line. */
  let checked = 0;

  beforeAll(async () => {
    api = await startApi();
    proxiedApi = await startApi({ env: { TRUST_PROXY: 'true' } });
    tenant = await createTenant(api.dataSource);
    portal = await startPortal({ apiUrl: api.host, defaultSubdomain: tenant.subdomain, env: { TRUST_PROXY: 'true' } });
  });

  afterAll(async () => {
    reportFigure(`headers: ${checked} api and portal answers checked (CSP nonce, framing, nosniff, HSTS behind TRUST_PROXY)`);
    await portal?.stop();
    await proxiedApi?.stop();
    await api?.stop();
  });

  const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>/gi)].filter((match) => !/\bsrc=/.test(match[1]));

  describe('the api', () => {
    it.each(['/openapi.json', '/v1/users', '/no-such-path'])('%s: nosniff, no framing, no scripts, no HSTS without TRUST_PROXY', async (path) => {
      const response = await fetch(`${api.host}${path}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('script-src');
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('x-powered-by')).toBeNull();
      checked++;
    });

    it('sends HSTS when TRUST_PROXY is set', async () => {
      const response = await fetch(`${proxiedApi.host}/openapi.json`);
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}; includeSubDomains/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      checked++;
    });
  });

  describe('the portal', () => {
    it('a page: CSP with a per-request nonce on every inline script, framed only by itself, HSTS behind the proxy', async () => {
      const nonces = new Set<string>();
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${portal.url}/login`);
        expect(response.status).toBe(200);
        const csp = response.headers.get('content-security-policy') ?? '';
        const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
        expect(nonce).toBeDefined();
        expect(csp).not.toContain('unsafe-inline');
        expect(csp).not.toContain('unsafe-eval');
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
        const scripts = inlineScripts(await response.text());
        // Remix's hydration scripts are inline: each must carry this response's nonce to run.
        expect(scripts.length).toBeGreaterThan(0);
        for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
        nonces.add(nonce!);
        checked++;
      }
      expect(nonces.size).toBe(2);
    });

    it('the booking widget may be embedded by any site', async () => {
      const response = await fetch(`${portal.url}/appointment-booking-page?businessId=${tenant.businessId}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('frame-ancestors *');
      expect(csp).toMatch(/script-src 'self' 'nonce-/);
      expect(response.headers.get('x-frame-options')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      checked++;
    });

    it('data answers fetched by the browser carry the headers too', async () => {
      const response = await fetch(`${portal.url}/login?_data=root`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      checked++;
    });
  });
});
