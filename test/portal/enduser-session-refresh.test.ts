import { startApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { callWith, createEnduser } from '../identity/support';

type Api = Awaited<ReturnType<typeof startApi>>;
/**
 * What this suite uses of the portal's web/app/session.server.ts. Loaded by a path the type-checker
 * does not follow: that module brings @remix-run/node's global declarations (a required NODE_ENV in
 * every ProcessEnv), which the other workspaces' tests do not type against.
 */
interface SessionModule {
  startSession(request: Request, organization: unknown, session: { authToken: string; enduser: unknown }): Promise<Response>;
  sessionCookieWithEnduser(request: Request, enduser: unknown): Promise<string>;
  refreshSessionIfDue(request: Request, now?: number): Promise<string | undefined>;
}
const SESSION_MODULE = '../../web/app/session.server';

/** The cookie's name=value pair out of a Set-Cookie header. */
const pairOf = (setCookie: string) => setCookie.split(';')[0] ?? '';
/** The token inside the signed session cookie (Remix stores the session as base64 JSON, then its signature). */
const tokenIn = (setCookie: string) => {
  const value = pairOf(setCookie).slice(pairOf(setCookie).indexOf('=') + 1);
  return (JSON.parse(Buffer.from(decodeURIComponent(value).split('.')[0] ?? '', 'base64').toString('utf8')) as { authToken: string }).authToken;
};
const requestWith = (setCookie: string) => new Request('http://localhost/home', { headers: { Cookie: pairOf(setCookie) } });

/** docs/contract/portal.md#session: refreshed whenever it changes, at most once every 10 seconds, and after an hour; failures only logged. */
describe("portal: the enduser session's refresh", () => {
  let api: Api;
  let tenant: Tenant;
  let sessions: SessionModule;

  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    // The portal reads its api's address once, when its configuration is first loaded.
    process.env.API_URL = api.host;
    sessions = (await import(SESSION_MODULE)) as SessionModule;
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** A signed-in enduser's session cookie, as login leaves it. */
  const signedIn = async () => {
    const admin = await adminSession(api.host, tenant);
    const { enduser, session } = await createEnduser(api.host, admin, tenant, { lname: 'Refresh' });
    const organization = { name: 'Clinic', businessId: tenant.businessId, organizationIds: [], themeColor: '#1564bf', themeColorSecondary: '#1c4378', landing: {} };
    const started = await sessions.startSession(new Request('http://localhost/login'), organization, { authToken: session.authToken, enduser });
    return { cookie: started.headers.get('Set-Cookie') ?? '', token: session.authToken, enduser, startedAt: Date.now() };
  };

  it('after a change, a refresh waits 10 seconds since the last one, then the page gets a new working token', async () => {
    const { cookie, token, enduser, startedAt } = await signedIn();
    const changed = await sessions.sessionCookieWithEnduser(requestWith(cookie), { ...enduser, fname: 'Renamed' });
    expect(await sessions.refreshSessionIfDue(requestWith(changed), startedAt + 5_000)).toBeUndefined();
    const refreshed = await sessions.refreshSessionIfDue(requestWith(changed), startedAt + 10_500);
    expect(refreshed).toBeDefined();
    const next = tokenIn(refreshed!);
    expect(next).not.toBe(token);
    expect((await callWith(api.host, `Bearer ${next}`, '/v1/test-authenticated')).status).toBe(200);
    // The change is settled: the next page within the hour refreshes nothing.
    expect(await sessions.refreshSessionIfDue(requestWith(refreshed!), Date.now() + 20_000)).toBeUndefined();
  });

  it('an unchanged session is refreshed only once it is an hour old', async () => {
    const { cookie, token, startedAt } = await signedIn();
    expect(await sessions.refreshSessionIfDue(requestWith(cookie), startedAt + 59 * 60_000)).toBeUndefined();
    const refreshed = await sessions.refreshSessionIfDue(requestWith(cookie), startedAt + 60 * 60_000 + 1_000);
    expect(refreshed).toBeDefined();
    expect(tokenIn(refreshed!)).not.toBe(token);
  });

  it('a refresh the api refuses is only logged: the page keeps its cookie', async () => {
    const { cookie, token, startedAt } = await signedIn();
    await callWith(api.host, `Bearer ${token}`, '/v1/logout-enduser', { method: 'POST', body: '{}' });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await sessions.refreshSessionIfDue(requestWith(cookie), startedAt + 60 * 60_000 + 1_000)).toBeUndefined();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Refreshing the session failed'), expect.anything());
    } finally {
      warn.mockRestore();
    }
  });
});
