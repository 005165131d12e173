import { randomBytes } from 'node:crypto';
import { EnduserSession, type Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';

/** docs/contract/portal.md#routing-rules: a token query parameter, when no session exists, starts a session from that token. */
describe('portal: signing in from a token link', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const patient = async (fname: string, fields: Record<string, unknown> = {}) => {
    const email = `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
    return admin.api.endusers.createOne({ fname, lname: 'Patient', email, ...fields });
  };
  const tokenFor = async (id: string, durationInSeconds?: number) =>
    (await admin.api.endusers.generate_auth_token({ id, ...(durationInSeconds ? { durationInSeconds } : {}) })).authToken;

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('opens the page asked for, signed in, with the token gone from the address', async () => {
    const { portal, page } = harness;
    const pat = await patient('Pat');
    const token = await tokenFor(pat.id);

    await page.goto(`${portal.url}/home?token=${encodeURIComponent(token)}&from=email`);
    expect(page.url()).toBe(`${portal.url}/home?from=email`);
    await page.getByRole('heading', { name: 'Welcome, Pat!' }).waitFor();
    expect(await page.content()).not.toContain(token);

    // The session is stored: later pages need no token, and signed-out pages lead home.
    await page.goto(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Welcome, Pat!' }).waitFor();
    await page.goto(`${portal.url}/login`);
    expect(page.url()).toBe(`${portal.url}/home`);

    // The portal keeps a fresh token of its own: logging out there ends the session for good.
    await page.getByRole('link', { name: 'Log Out' }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.goto(`${portal.url}/home`);
    expect(page.url()).toBe(`${portal.url}/login`);
  });

  it('stores a fresh token of its own, so the session outlives a short-lived link token', async () => {
    const { portal, page } = harness;
    const zoe = await patient('Zoe');
    await page.goto(`${portal.url}/home?token=${encodeURIComponent(await tokenFor(zoe.id, 2))}`);
    await page.getByRole('heading', { name: 'Welcome, Zoe!' }).waitFor();
    await sleep(3100);
    await page.reload();
    expect(page.url()).toBe(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Welcome, Zoe!' }).waitFor();
  });

  it('a token on the landing page signs in and goes home', async () => {
    const { portal, page } = harness;
    const sam = await patient('Sam');
    await page.goto(`${portal.url}/?token=${encodeURIComponent(await tokenFor(sam.id))}`);
    expect(page.url()).toBe(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Welcome, Sam!' }).waitFor();
  });

  it('a garbage, expired or logged-out token ends on the login page without echoing it', async () => {
    const { portal, page } = harness;
    const lee = await patient('Lee');
    const expired = await tokenFor(lee.id, 1);
    const loggedOut = await tokenFor(lee.id);
    await new EnduserSession({ host: harness.api.host, businessId: harness.tenant.businessId, authToken: loggedOut }).logout();
    await sleep(2100);

    for (const token of ['garbage-token', 'not a token <script>', expired, loggedOut]) {
      await page.goto(`${portal.url}/home?token=${encodeURIComponent(token)}`);
      expect(page.url()).toBe(`${portal.url}/login`);
      await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
      expect(await page.content()).not.toContain(token);
    }
  });

  it('a signed-in visitor keeps their session when a link carries someone else’s token', async () => {
    const { portal, page } = harness;
    const ana = await patient('Ana');
    const ben = await patient('Ben');
    const bensToken = await tokenFor(ben.id);

    await page.goto(`${portal.url}/home?token=${encodeURIComponent(await tokenFor(ana.id))}`);
    await page.getByRole('heading', { name: 'Welcome, Ana!' }).waitFor();

    await page.goto(`${portal.url}/home?token=${encodeURIComponent(bensToken)}`);
    expect(page.url()).toBe(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Welcome, Ana!' }).waitFor();
    // Ben's token was left alone.
    await expect(new EnduserSession({ host: harness.api.host, businessId: harness.tenant.businessId, authToken: bensToken }).test_authenticated()).resolves.toBeTruthy();
  });

  it('a stale session is replaced by the token’s session', async () => {
    const { portal, page } = harness;
    const kim = await patient('Kim');
    const ray = await patient('Ray');
    await page.goto(`${portal.url}/home?token=${encodeURIComponent(await tokenFor(kim.id))}`);
    await page.getByRole('heading', { name: 'Welcome, Kim!' }).waitFor();
    // Kim's sessions end elsewhere (a password set by staff ends them).
    await admin.api.endusers.set_password({ id: kim.id, password: 'Another-pass-1' });

    await page.goto(`${portal.url}/home?token=${encodeURIComponent(await tokenFor(ray.id))}`);
    expect(page.url()).toBe(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Welcome, Ray!' }).waitFor();
  });

  it('a mailed one-time login link (to /login) signs in once', async () => {
    const { api, portal, page } = harness;
    const passwordless = await patient('Max');
    await page.goto(`${portal.url}/login`);
    await page.getByLabel('Email or phone').fill(passwordless.email!);
    await page.getByRole('button', { name: 'Continue' }).click();
    // An account without a password is mailed a link, and the page says so (docs/contract/portal.md#login).
    await page.getByText('We sent a login link to your email. Open it to log in.').waitFor();

    const outbox = api.dataSource.getRepository<{ to: string; channel: string; text: string; createdAt: Date }>('outgoing_messages');
    let mail: { text: string } | null = null;
    for (let attempt = 0; !mail && attempt < 50; attempt++) {
      mail = await outbox.findOne({ where: { to: passwordless.email!, channel: 'email' }, order: { createdAt: 'DESC' } });
      if (!mail) await sleep(100);
    }
    const link = mail?.text.match(/\/login\?token=([A-Za-z0-9_.%-]+)/);
    if (!link) throw new Error(`no login link in:\n${mail?.text}`);
    const linkToken = decodeURIComponent(link[1]);

    await page.goto(`${portal.url}/login?token=${encodeURIComponent(linkToken)}`);
    expect(page.url()).toBe(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Welcome, Max!' }).waitFor();

    await page.context().clearCookies();
    await page.goto(`${portal.url}/login?token=${encodeURIComponent(linkToken)}`);
    expect(page.url()).toBe(`${portal.url}/login`);
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
  });

  it('redirects stay on this host, and only GET uses a token', async () => {
    const { portal } = harness;
    const ivy = await patient('Ivy');
    const token = encodeURIComponent(await tokenFor(ivy.id));

    const bad = await fetch(`${portal.url}//evil.example/?token=garbage`, { redirect: 'manual' });
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toBe('/login');

    const good = await fetch(`${portal.url}//evil.example/home?token=${token}`, { redirect: 'manual' });
    expect(good.status).toBe(302);
    expect(good.headers.get('location')).toBe('/evil.example/home');
    expect(good.headers.get('set-cookie')).toMatch(/^__carelane_portal=/);

    const head = await fetch(`${portal.url}/home?token=${token}`, { method: 'HEAD', redirect: 'manual' });
    expect(head.headers.get('set-cookie')).toBeNull();
  });
});
