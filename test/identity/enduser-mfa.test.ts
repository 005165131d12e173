import { EnduserSession, Session } from '@tellescope/sdk';
import type { Tenant } from '../support/tenant';
import type { SmtpCapture } from '../support/smtp-server';
import { callWith, createEnduser, STRONG_PASSWORD, uniqueEmail, type IdentityApi } from './support';
import { useMailingTenant } from './tenant-suite';
import { mailedSignInCode, otherCode } from '../support/sign-in-code';

const WRONG = 'That code is not right. Check it and try again.';
const EXHAUSTED = 'Too many tries. Ask for a new code.';

const post = (host: string, token: string, path: string, body: Record<string, unknown> = {}) =>
  callWith(host, `Bearer ${token}`, path, { method: 'POST', body: JSON.stringify(body) });

describe('patient second factor (endusers.mfa, enforceEnduserMFA), through the api', () => {
  const mailing = useMailingTenant();
  let smtp: SmtpCapture;
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ smtp, api, tenant, admin } = mailing));

  const codeMailedTo = (email: string, index: number, language?: 'en' | 'es') => mailedSignInCode(smtp, email, index, language);

  const login = (body: Record<string, unknown>) => callWith(api.host, 'Bearer ', '/v1/login-enduser', { method: 'POST', body: JSON.stringify({ businessId: tenant.businessId, ...body }) });

  test('accepts mfa and language on the patient; the password then opens only the code calls; a remembered device skips them', async () => {
    const patient = await createEnduser(api.host, admin, tenant);
    await admin.api.endusers.updateOne(patient.enduser.id, { mfa: { email: true }, language: { displayName: 'Español', iso6391: 'es' } } as never);
    expect(await admin.api.endusers.getOne(patient.enduser.id)).toMatchObject({ mfa: { email: true }, language: { displayName: 'Español', iso6391: 'es' } });

    const portal = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await expect(portal.authenticate(patient.email, patient.password)).resolves.toMatchObject({ enduser: { requiresMFA: true } });
    // Kept before the refused call: the reference client forgets its token on a 401.
    const pending = portal.authToken;
    await expect(portal.api.endusers.getOne(patient.enduser.id)).rejects.toBe('Unauthenticated');

    expect(await post(api.host, pending, '/v1/endusers/generate-mfa-challenge')).toEqual({ status: 200, body: { channel: 'email' } });
    // The patient speaks Spanish: the code's email is in Spanish (issue #38).
    const code = await codeMailedTo(patient.email, 0, 'es');
    expect(await post(api.host, pending, '/v1/endusers/submit-mfa-challenge', { code: otherCode(code) })).toMatchObject({ status: 400, body: { message: WRONG } });
    const done = await post(api.host, pending, '/v1/endusers/submit-mfa-challenge', { code, rememberDevice: true });
    expect(done.status).toBe(200);
    const { authToken, deviceToken } = done.body as { authToken: string; deviceToken: string };
    await expect(new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken }).api.endusers.getOne(patient.enduser.id)).resolves.toMatchObject({ id: patient.enduser.id });

    // The remembered device: the next password sign-in gives a full session at once.
    const remembered = await login({ email: patient.email, password: patient.password, mfaDeviceToken: deviceToken });
    expect(remembered).toMatchObject({ status: 200, body: { enduser: { id: patient.enduser.id } } });
    expect((remembered.body as { enduser: Record<string, unknown> }).enduser).not.toHaveProperty('requiresMFA');
    // It is this patient's only, and a new password forgets it.
    const other = await createEnduser(api.host, admin, tenant, { mfa: { email: true } });
    expect(await login({ email: other.email, password: other.password, mfaDeviceToken: deviceToken })).toMatchObject({ body: { enduser: { requiresMFA: true } } });
    await admin.api.endusers.set_password({ id: patient.enduser.id, password: 'Another-pass-7' });
    expect(await login({ email: patient.email, password: 'Another-pass-7', mfaDeviceToken: deviceToken })).toMatchObject({ body: { enduser: { requiresMFA: true } } });
  });

  test('the same limits: the sixth try is refused even with the right code', async () => {
    const patient = await createEnduser(api.host, admin, tenant, { mfa: { email: true } });
    const pending = ((await login({ email: patient.email, password: patient.password })).body as { authToken: string }).authToken;
    await post(api.host, pending, '/v1/endusers/generate-mfa-challenge');
    const code = await codeMailedTo(patient.email, 0);
    const wrong = otherCode(code);
    for (let i = 0; i < 5; i++) expect(await post(api.host, pending, '/v1/endusers/submit-mfa-challenge', { code: wrong })).toMatchObject({ status: 400, body: { message: WRONG } });
    expect(await post(api.host, pending, '/v1/endusers/submit-mfa-challenge', { code })).toMatchObject({ status: 400, body: { message: EXHAUSTED } });
    // The staff calls are not the patient's.
    expect(await post(api.host, pending, '/v1/users/submit-mfa-challenge', { code })).toEqual({ status: 401, body: 'Unauthenticated' });
  });

  test("the organization's setting asks every patient; the code goes by SMS to one who prefers texts; a login link is a first factor only", async () => {
    await admin.api.organizations.updateOne(tenant.businessId, { enforceEnduserMFA: true } as never);
    try {
      const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
      const texter = await createEnduser(api.host, admin, tenant, { phone, preference: 'sms' });
      const pending = ((await login({ email: texter.email, password: STRONG_PASSWORD })).body as { authToken: string; enduser: { requiresMFA?: boolean } });
      expect(await post(api.host, pending.authToken, '/v1/endusers/generate-mfa-challenge')).toEqual({ status: 200, body: { channel: 'sms' } });
      const asRootAdmin = { headers: { Authorization: `Bearer ${admin.authToken}` } };
      let texts: { text: string }[] = [];
      for (let i = 0; i < 50 && texts.length === 0; i++) {
        texts = (await (await fetch(`${api.host}/dev/mailbox?format=json&to=${encodeURIComponent(phone)}`, asRootAdmin)).json()) as typeof texts;
        if (!texts.length) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const code = texts[0]?.text.match(/sign-in code is (\d{6})/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(await post(api.host, pending.authToken, '/v1/endusers/submit-mfa-challenge', { code })).toMatchObject({ status: 200, body: { enduser: { id: texter.enduser.id } } });

      // A mailed login link, traded, answers a pending token too.
      const linked = await admin.api.endusers.createOne({ email: uniqueEmail('linked'), fname: 'Lin' });
      await callWith(api.host, 'Bearer ', '/v1/begin-enduser-login-flow', { method: 'POST', body: JSON.stringify({ businessId: tenant.businessId, email: linked.email }) });
      const mail = await smtp.waitFor(linked.email!);
      const linkToken = decodeURIComponent(mail.decoded.match(/\/login\?token=([A-Za-z0-9_.%-]+)/)![1]);
      const traded = await post(api.host, linkToken, '/v1/refresh-enduser-session');
      expect(traded).toMatchObject({ status: 200, body: { enduser: { id: linked.id, requiresMFA: true } } });
      const tradedToken = (traded.body as { authToken: string }).authToken;
      expect(await callWith(api.host, `Bearer ${tradedToken}`, '/v1/enduser-session-info')).toEqual({ status: 401, body: 'Unauthenticated' });
    } finally {
      await admin.api.organizations.updateOne(tenant.businessId, { enforceEnduserMFA: false } as never);
    }
  });
});
