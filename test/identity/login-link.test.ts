import { EnduserSession, Session } from '@tellescope/sdk';
import type { Tenant } from '../support/tenant';
import { callWith, createEnduser, uniqueEmail, type IdentityApi } from './support';
import { useMailingTenant } from './tenant-suite';
import type { SmtpCapture } from '../support/smtp-server';

const tokenIn = (text: string) => {
  const match = text.match(/\/login\?token=([A-Za-z0-9_.%-]+)/);
  if (!match) throw new Error(`no login link in:\n${text}`);
  return decodeURIComponent(match[1]);
};

describe('begin-enduser-login-flow: one-time login links for accounts without a password; an unknown identifier looks like one', () => {
  const mailing = useMailingTenant();
  let smtp: SmtpCapture;
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ smtp, api, tenant, admin } = mailing));

  const begin = (body: Record<string, unknown>) =>
    callWith(api.host, 'Bearer ', '/v1/begin-enduser-login-flow', { method: 'POST', body: JSON.stringify({ businessId: tenant.businessId, ...body }) });

  test('three answers: a password continues, no password gets sent-email and the link, an unknown email the same answer and nothing sent', async () => {
    const passwordless = await admin.api.endusers.createOne({ email: uniqueEmail('nopass'), fname: 'Nadia' });
    const withPassword = await createEnduser(api.host, admin, tenant);
    const unknown = uniqueEmail('nobody');

    const portal = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await expect(portal.begin_login_flow({ email: passwordless.email! })).resolves.toEqual({ result: 'sent-email', email: passwordless.email });
    const answers = await Promise.all([begin({ email: unknown }), begin({ email: withPassword.email }), begin({ email: passwordless.email })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => Object.keys(a.body as object).sort())).toEqual([['email', 'result'], ['email', 'result'], ['email', 'result']]);
    expect(answers.map((a) => (a.body as { result: string }).result)).toEqual(['sent-email', 'continue-with-password', 'sent-email']);

    const mail = await smtp.waitFor(passwordless.email!);
    expect(mail.decoded).toMatch(/Subject: Your sign-in link/);
    expect(mail.decoded).toContain('http://portal.example.test/login?token=');
    await smtp.waitFor(passwordless.email!, { index: 1 });
    expect(smtp.to(unknown).length).toBe(0);
    expect(smtp.to(withPassword.email).length).toBe(0);

    // The link's token opens nothing but its exchange for a session.
    const linkToken = tokenIn(mail.decoded);
    expect(await callWith(api.host, `Bearer ${linkToken}`, '/v1/enduser-session-info')).toEqual({ status: 401, body: 'Unauthenticated' });
    expect(await callWith(api.host, `Bearer ${linkToken}`, '/v1/endusers')).toEqual({ status: 401, body: 'Unauthenticated' });
    await expect(admin.api.endusers.is_authenticated({ authToken: linkToken })).resolves.toEqual({ isAuthenticated: false, enduser: null });

    const linked = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken: linkToken });
    const { enduser } = await linked.refresh_session();
    expect(enduser).toMatchObject({ id: passwordless.id, passwordIsUnset: true });
    expect(linked.authToken).not.toBe(linkToken);
    await expect(linked.api.endusers.current_session_info()).resolves.toMatchObject({ enduser: { id: passwordless.id } });
    expect((await linked.api.endusers.getSome()).map((e) => e.id)).toEqual([passwordless.id]);

    // Used once: the same link (and the second one mailed before it) no longer works.
    const again = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken: linkToken });
    await expect(again.refresh_session()).rejects.toBe('Unauthenticated');
    const second = tokenIn((await smtp.waitFor(passwordless.email!, { index: 1 })).decoded);
    expect(await callWith(api.host, `Bearer ${second}`, '/v1/refresh-enduser-session', { method: 'POST', body: '{}' })).toEqual({ status: 401, body: 'Unauthenticated' });
  });

  test('a password set after the link was sent ends the link', async () => {
    const patient = await admin.api.endusers.createOne({ email: uniqueEmail('setter'), fname: 'Sam' });
    await begin({ email: patient.email });
    const linkToken = tokenIn((await smtp.waitFor(patient.email!)).decoded);
    // The patient, signed in some other way, chooses a first password (which ends no session).
    const { authToken } = await admin.api.endusers.generate_auth_token({ id: patient.id });
    const signedIn = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken });
    await signedIn.api.endusers.set_password({ id: patient.id, password: 'First-pass-1' });
    expect(await callWith(api.host, `Bearer ${linkToken}`, '/v1/refresh-enduser-session', { method: 'POST', body: '{}' })).toEqual({ status: 401, body: 'Unauthenticated' });
    await expect(signedIn.api.endusers.current_session_info()).resolves.toMatchObject({ enduser: { id: patient.id, passwordIsUnset: false } });
  });

  test('an account named by phone without email or password gets the link by SMS', async () => {
    const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const patient = await admin.api.endusers.createOne({ phone, fname: 'Phoebe' });
    const answer = await begin({ phone });
    expect(answer).toEqual({ status: 200, body: { result: 'sent-sms' } });
    // An unknown phone number gets the same answer, and nothing is sent to it.
    const unknownPhone = `+1415555${String((Number(phone.slice(-4)) + 1) % 10_000).padStart(4, '0')}`;
    expect(await begin({ phone: unknownPhone })).toEqual({ status: 200, body: { result: 'sent-sms' } });
    // The development mailbox serves a root Admin of the business (the tenant's Admin).
    const asRootAdmin = { headers: { Authorization: `Bearer ${admin.authToken}` } };
    let texts: { text: string; channel: string }[] = [];
    for (let i = 0; i < 50 && texts.length === 0; i++) {
      texts = (await (await fetch(`${api.host}/dev/mailbox?format=json&to=${encodeURIComponent(phone)}`, asRootAdmin)).json()) as typeof texts;
      if (!texts.length) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ channel: 'sms' });
    const linked = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken: tokenIn(texts[0].text) });
    await expect(linked.refresh_session()).resolves.toMatchObject({ enduser: { id: patient.id } });
    expect(await (await fetch(`${api.host}/dev/mailbox?format=json&to=${encodeURIComponent(unknownPhone)}`, asRootAdmin)).json()).toEqual([]);
  });
});
