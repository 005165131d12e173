import { Session } from '@tellescope/sdk';
import { ConfigError } from '@carelane/db';
import { loadApiConfig } from '@carelane/api';
import { startApi } from '../support/api-server';
import { createEnduser, createStaff } from '../identity/support';
import { useTenantSuite } from '../identity/tenant-suite';
import { adminSession, createTenant } from '../support/tenant';
import { subOrganizationAdmin } from './support';

const NO_SESSION = { message: "The development mailbox needs a root Admin's session" };
const REFUSED = { message: 'The development mailbox is open to root Admins only' };
type Kept = { id: string; to: string; text: string; subject: string | null };

const read = async (host: string, path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${host}${path}`, { headers });
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: (type.includes('json') ? await response.json() : await response.text()) as Kept[] | { message: string } | string };
};
const bearer = (authToken: string) => ({ Authorization: `Bearer ${authToken}` });

const waitForMail = async (host: string, to: string, reader: string) => {
  for (let i = 0; i < 50; i++) {
    const { body } = await read(host, `/dev/mailbox?format=json&to=${encodeURIComponent(to)}`, bearer(reader));
    if (Array.isArray(body) && body.length) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for ${to}`);
};

/**
 * Issue 29 (High): the development mailbox answered a sub-organization's Admin (and, from this
 * machine, anyone without a credential) with every message of the business, root Admins' reset
 * links included, so reading one and resetting that password made the reader a root Admin. It now
 * serves root Admins only, each its own business's mail, and only when DEV_MAILBOX=true.
 */
describe('the development mailbox', () => {
  const suite = useTenantSuite();

  test("a sub-organization's Admin, other staff, a patient and a request without a session read nothing", async () => {
    const { api, admin, tenant } = suite;
    const patient = await admin.api.endusers.createOne({ fname: 'Pat', phone: '+14155550199' } as never);
    await admin.api.sms_messages.createOne({ enduserId: patient.id, message: 'Your code is 123456' } as never);
    await expect(new Session({ host: api.host }).api.users.request_password_reset({ email: tenant.adminEmail } as never)).resolves.toEqual({});
    const [resetMail] = await waitForMail(api.host, tenant.adminEmail, admin.authToken);
    expect(resetMail.subject).toBe('Reset your password');

    const branchAdmin = await subOrganizationAdmin(api, admin);
    const staff = await createStaff(api, admin);
    const enduser = await createEnduser(api.host, admin, tenant);
    for (const [headers, refusal] of [
      [{}, NO_SESSION],
      [{ Authorization: 'Bearer ' }, NO_SESSION],
      [bearer(branchAdmin.session.authToken), REFUSED],
      [bearer(staff.session.authToken), REFUSED],
      [bearer(enduser.session.authToken), REFUSED],
    ] as const) {
      const status = refusal === NO_SESSION ? 401 : 403;
      for (const path of ['/dev/mailbox', '/dev/mailbox?format=json', `/dev/mailbox?format=json&to=${encodeURIComponent(tenant.adminEmail)}`, `/dev/mailbox/${resetMail.id}`]) {
        const answer = await read(api.host, path, headers);
        // Without a session, the list page in HTML is the sign-in form (still a 401, and no mail in it).
        if (refusal === NO_SESSION && path === '/dev/mailbox') {
          expect(answer.status).toBe(401);
          expect(answer.body).toContain('<form method="post" action="/dev/mailbox">');
          expect(answer.body).not.toContain(resetMail.id);
          continue;
        }
        expect(answer).toEqual({ status, body: refusal });
      }
    }
  });

  test("a root Admin reads every message of its business, a sub-organization's included, and no other business's", async () => {
    const { api, admin, tenant } = suite;
    const branchAdmin = await subOrganizationAdmin(api, admin);
    await new Session({ host: api.host }).api.users.request_password_reset({ email: branchAdmin.email } as never);
    const [branchMail] = await waitForMail(api.host, branchAdmin.email, admin.authToken);
    expect(branchMail.to).toBe(branchAdmin.email);
    const patient = await admin.api.endusers.createOne({ fname: 'Pam', phone: '+14155550198' } as never);
    await admin.api.sms_messages.createOne({ enduserId: patient.id, message: 'Your code is 654321' } as never);

    const all = await read(api.host, '/dev/mailbox?format=json', bearer(admin.authToken));
    expect(all.status).toBe(200);
    expect((all.body as Kept[]).map((m) => m.text)).toContain('Your code is 654321');
    expect((all.body as Kept[]).map((m) => m.id)).toContain(branchMail.id);
    // Behind a proxy too: the session decides, not where the request came from.
    expect((await read(api.host, `/dev/mailbox/${branchMail.id}`, { ...bearer(admin.authToken), 'X-Forwarded-For': '203.0.113.9' })).status).toBe(200);

    const elsewhere = await adminSession(api.host, await createTenant(api.dataSource));
    const other = await read(api.host, '/dev/mailbox?format=json', bearer(elsewhere.authToken));
    expect(other.status).toBe(200);
    expect(JSON.stringify(other.body)).not.toContain('654321');
    expect(JSON.stringify(other.body)).not.toContain(branchAdmin.email);
    expect(await read(api.host, `/dev/mailbox?format=json&to=${encodeURIComponent(branchAdmin.email)}`, bearer(elsewhere.authToken))).toEqual({ status: 200, body: [] });
    expect((await read(api.host, `/dev/mailbox/${branchMail.id}`, bearer(elsewhere.authToken))).status).toBe(404);
  });
});

/** A browser's form post to the mailbox: urlencoded, redirects not followed (the test reads them). */
const post = (host: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${host}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
/** The Set-Cookie header's attributes, by lower-case name (value true for flags). */
const cookieAttributes = (setCookie: string) =>
  Object.fromEntries(
    setCookie
      .split(';')
      .slice(1)
      .map((part) => {
        const [name, ...value] = part.trim().split('=');
        return [name.toLowerCase(), value.length ? value.join('=') : true];
      }),
  ) as Record<string, string | true>;

/**
 * The link `npm start` prints opens in a browser, which sends no Authorization header: the mailbox
 * signs a root Admin in by its own form into an HttpOnly, SameSite=Strict cookie for /dev/mailbox
 * only, holding an ordinary session (so logout ends it).
 */
describe('the development mailbox in a browser', () => {
  const suite = useTenantSuite();

  test('the form, its refusals, the cookie, reading with it, signing out, and logout ending it', async () => {
    const { api, admin } = suite;
    const form = await read(api.host, '/dev/mailbox');
    expect(form.status).toBe(401);
    const html = form.body as string;
    for (const part of ['<form method="post" action="/dev/mailbox">', '<label for="email">', '<input id="email" name="email" type="email"', '<label for="password">', '<input id="password" name="password" type="password"', '<button type="submit">Sign in</button>']) {
      expect(html).toContain(part);
    }
    expect(html).not.toContain('<script');

    // A root Admin other than the suite's, so its logout below ends no other test's session.
    const root = await createStaff(api, admin, { roles: ['Admin'] });
    await new Session({ host: api.host }).api.users.request_password_reset({ email: root.email } as never);
    const [mail] = await waitForMail(api.host, root.email, admin.authToken);

    const wrong = await post(api.host, '/dev/mailbox', { email: root.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Invalid email or password');
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const unknown = await post(api.host, '/dev/mailbox', { email: `nobody-${root.email}`, password: root.password });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('Invalid email or password');
    const badEmail = await post(api.host, '/dev/mailbox', { email: 'not an email', password: root.password });
    expect(badEmail.status).toBe(400);
    expect(badEmail.headers.get('set-cookie')).toBeNull();

    const branchAdmin = await subOrganizationAdmin(api, admin);
    const staff = await createStaff(api, admin);
    for (const refused of [branchAdmin, staff]) {
      const answer = await post(api.host, '/dev/mailbox', { email: refused.email, password: refused.password });
      expect(answer.status).toBe(403);
      expect(await answer.text()).toContain(REFUSED.message);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }

    const signedIn = await post(api.host, '/dev/mailbox', { email: root.email, password: root.password });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/dev/mailbox');
    const setCookie = signedIn.headers.get('set-cookie')!;
    const attributes = cookieAttributes(setCookie);
    expect(attributes).toMatchObject({ path: '/dev/mailbox', httponly: true, samesite: 'Strict' });
    expect(attributes.domain).toBeUndefined();
    const cookie = setCookie.split(';')[0];
    const withCookie = { Cookie: cookie };

    const list = await read(api.host, '/dev/mailbox?format=json', withCookie);
    expect(list.status).toBe(200);
    expect((list.body as Kept[]).map((m) => m.id)).toContain(mail.id);
    const page = await read(api.host, '/dev/mailbox', withCookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`/dev/mailbox/${mail.id}`);
    expect(page.body).toContain('<form method="post" action="/dev/mailbox/sign-out">');
    expect((await read(api.host, `/dev/mailbox/${mail.id}`, withCookie)).status).toBe(200);
    // The cookie is the mailbox's only: the api's own calls still want the Authorization header.
    expect((await fetch(`${api.host}/v1/users`, { headers: withCookie })).status).toBe(401);
    // A made-up or tampered cookie is no session.
    expect(await read(api.host, '/dev/mailbox?format=json', { Cookie: `${cookie}x` })).toEqual({ status: 401, body: NO_SESSION });

    // Signing out clears the cookie on the same path.
    const signedOut = await post(api.host, '/dev/mailbox/sign-out', {}, withCookie);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/dev/mailbox');
    const cleared = signedOut.headers.get('set-cookie')!;
    expect(cleared.split(';')[0]).toBe(`${cookie.split('=')[0]}=`);
    expect(cookieAttributes(cleared)).toMatchObject({ path: '/dev/mailbox', expires: 'Thu, 01 Jan 1970 00:00:00 GMT' });

    // The cookie's token is a session like any other: the account's logout ends it.
    await root.session.logout();
    expect(await read(api.host, '/dev/mailbox?format=json', withCookie)).toEqual({ status: 401, body: NO_SESSION });
    const afterLogout = await fetch(`${api.host}/dev/mailbox`, { headers: withCookie });
    expect(afterLogout.status).toBe(401);
    expect(await afterLogout.text()).toContain('<form method="post" action="/dev/mailbox">');
    // ... and the browser is told to drop it.
    expect(afterLogout.headers.get('set-cookie')).toContain('Expires=Thu, 01 Jan 1970');
  });
});

describe('the development mailbox is off unless DEV_MAILBOX=true, and refused in production', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://127.0.0.1:5432/carelane' };

  test('the configuration: off by default, on when asked, a start error in production', () => {
    expect(loadApiConfig(base).devMailbox).toBe(false);
    expect(loadApiConfig({ ...base, NODE_ENV: 'development' }).devMailbox).toBe(false);
    expect(loadApiConfig({ ...base, DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadApiConfig({ ...base, NODE_ENV: 'production', DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(() => loadApiConfig({ ...base, NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(
      new ConfigError('DEV_MAILBOX is for development and tests; it cannot be set in production'),
    );
    expect(() => loadApiConfig({ ...base, DEV_MAILBOX: 'yes' })).toThrow(ConfigError);
  });

  test('without it the api has no /dev/mailbox, even for a root Admin', async () => {
    const api = await startApi({ env: { DEV_MAILBOX: 'false' } });
    try {
      const admin = await adminSession(api.host, await createTenant(api.dataSource));
      const answer = await read(api.host, '/dev/mailbox?format=json', bearer(admin.authToken));
      expect(answer.status).toBe(404);
    } finally {
      await api.stop();
    }
  });
});
