import { startApi, type RunningApi } from '../support/api-server';
import { startPortal, type RunningPortal } from '../support/portal-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { createStaff } from '../identity/support';
import { HOSTILE_TARGETS, staysOn } from './redirect-targets';
import type { Session } from '@tellescope/sdk';

/**
 * Issue 29 (Low-Medium): the portal's redirect check let `/%09/evil.example/x` through on
 * /onboarding and /shell-preferences, answering `Location: /<tab>/evil.example/x`, which a browser
 * follows to another site. Every route that takes a redirect target, over real HTTP (no browser):
 * the Location header must keep the browser on the portal.
 */
describe('redirect targets on the portal routes', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let admin: Session;
  let portal: RunningPortal;
  let patient: { email: string; cookie: string };

  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    admin = await adminSession(api.host, tenant);
    portal = await startPortal({ apiUrl: api.host, defaultSubdomain: tenant.subdomain });
    patient = await patientCookie();
  });

  afterAll(async () => {
    await portal?.stop();
    await api?.stop();
  });

  const cookieOf = (response: Response) => {
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) throw new Error(`no session cookie (status ${response.status})`);
    return cookie;
  };

  /** A signed-in patient with both names (so /onboarding goes straight on), as the portal's cookie. */
  const patientCookie = async () => {
    const enduser = await admin.api.endusers.createOne({ fname: 'Rae', lname: 'Direct', email: `rae-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com` });
    const { authToken } = await admin.api.endusers.generate_auth_token({ id: enduser.id });
    const signIn = await fetch(`${portal.url}/home?token=${encodeURIComponent(authToken)}`, { redirect: 'manual' });
    return { email: enduser.email!, cookie: cookieOf(signIn) };
  };

  const locationOf = async (response: Response) => {
    expect({ status: response.status, body: response.status === 302 ? '' : (await response.text()).slice(0, 300) }).toEqual({ status: 302, body: '' });
    return response.headers.get('location')!;
  };

  const get = (path: string, cookie: string) => fetch(`${portal.url}${path}`, { redirect: 'manual', headers: { Cookie: cookie } });
  const post = (path: string, cookie: string | undefined, form: Record<string, string>) =>
    fetch(`${portal.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(form),
    });

  const cases = HOSTILE_TARGETS.map((target) => [JSON.stringify(target), target]);

  it.each(cases)('GET /onboarding?redirectTo=%s stays on the portal', async (_name, target) => {
    const { cookie } = patient;
    const location = await locationOf(await get(`/onboarding?${new URLSearchParams({ redirectTo: target })}`, cookie));
    expect({ target, location, staysOn: staysOn(location, portal.url) }).toEqual({ target, location, staysOn: true });
  });

  it.each(cases)('POST /onboarding with redirectTo=%s stays on the portal', async (_name, target) => {
    const { email, cookie } = patient;
    const location = await locationOf(await post('/onboarding', cookie, { fname: 'Rae', lname: 'Direct', email, phone: '', redirectTo: target }));
    expect({ target, location, staysOn: staysOn(location, portal.url) }).toEqual({ target, location, staysOn: true });
  });

  it.each(cases)('POST /shell-preferences with redirectTo=%s stays on the portal', async (_name, target) => {
    const { cookie } = patient;
    const location = await locationOf(await post('/shell-preferences', cookie, { intent: 'sidebar', sidebarClosed: 'true', redirectTo: target }));
    expect({ target, location, staysOn: staysOn(location, portal.url) }).toEqual({ target, location, staysOn: true });
  });

  it.each(cases)('POST /staff/login?redirectTo=%s stays in the console', async (_name, target) => {
    // One staff account per case: the api allows five sign-ins per account in 15 minutes.
    const staff = await createStaff(api, admin);
    const location = await locationOf(await post(`/staff/login?${new URLSearchParams({ redirectTo: target })}`, undefined, { email: staff.email, password: staff.password }));
    expect({ target, location, staysOn: staysOn(location, portal.url), console: location === '/staff' || location.startsWith('/staff/') }).toEqual({ target, location, staysOn: true, console: true });
  });

  it('targets on the portal still lead there, with their query and fragment', async () => {
    const { email, cookie } = patient;
    expect(await locationOf(await get(`/onboarding?${new URLSearchParams({ redirectTo: '/settings?tab=profile#phone' })}`, cookie))).toBe('/settings?tab=profile#phone');
    expect(await locationOf(await get(`/onboarding?${new URLSearchParams({ redirectTo: `${portal.url}/events` })}`, cookie))).toBe('/events');
    expect(await locationOf(await get(`/onboarding?${new URLSearchParams({ redirectTo: '/onboarding?redirectTo=/home' })}`, cookie))).toBe('/home');
    expect(await locationOf(await post('/onboarding', cookie, { fname: 'Rae', lname: 'Direct', email, phone: '', redirectTo: '/documents' }))).toBe('/documents');
    expect(await locationOf(await post('/shell-preferences', cookie, { intent: 'sidebar', sidebarClosed: 'false', redirectTo: '/communications' }))).toBe('/communications');
    const staff = await createStaff(api, admin);
    expect(await locationOf(await post(`/staff/login?${new URLSearchParams({ redirectTo: '/staff/patients?view=mine' })}`, undefined, { email: staff.email, password: staff.password }))).toBe('/staff/patients?view=mine');
  });
});
