import { EnduserSession, Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { callWith, createEnduser, createStaff, startIdentityApi, type IdentityApi } from './support';
import { useMailingTenant } from './tenant-suite';
import type { SmtpCapture } from '../support/smtp-server';

const INVALID_LINK = 'This link is invalid or has expired';

const resetTokenIn = (mail: { decoded: string }) => {
  const match = mail.decoded.match(/reset-password\?resetToken=([A-Za-z0-9_.%-]+)/);
  if (!match) throw new Error(`no reset link in:\n${mail.decoded}`);
  return decodeURIComponent(match[1]);
};

describe('password reset for staff and endusers, mailed over SMTP', () => {
  const mailing = useMailingTenant();
  let smtp: SmtpCapture;
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ smtp, api, tenant, admin } = mailing));

  test('staff: the link arrives by mail, works once, and ends every session of the account', async () => {
    const staff = await createStaff(api, admin);
    const anonymous = new Session({ host: api.host });
    await expect(anonymous.api.users.request_password_reset({ email: staff.email } as never)).resolves.toEqual({});
    const mail = await smtp.waitFor(staff.email);
    expect(mail.envelopeFrom).toBe('no-reply@carelane.test');
    expect(mail.decoded).toMatch(/Subject: Reset your password/);
    expect(mail.decoded).toContain('http://portal.example.test/staff/reset-password?resetToken=');
    const resetToken = resetTokenIn(mail);
    expect(resetToken.length).toBeLessThanOrEqual(250);

    await expect(anonymous.api.users.reset_password({ resetToken, newPassword: 'short' } as never)).rejects.toMatchObject({
      message: 'Error parsing field newPassword: Password must be at least 8 characters long',
    });
    await expect(anonymous.api.users.reset_password({ resetToken, newPassword: 'nouppercaseordigit' } as never)).rejects.toMatchObject({
      message: 'Error parsing field newPassword: Password must included 1 uppercase letter, 1 number, or 1 symbol',
    });
    await expect(staff.session.test_authenticated()).resolves.toBe('Authenticated!');

    await expect(anonymous.api.users.reset_password({ resetToken, newPassword: 'Brand-new-pass-1' } as never)).resolves.toEqual({});
    await expect(staff.session.test_authenticated()).rejects.toBe('Unauthenticated');
    await expect(new Session({ host: api.host }).authenticate(staff.email, staff.password)).rejects.toMatchObject({ message: 'Invalid email or password' });
    await new Session({ host: api.host }).authenticate(staff.email, 'Brand-new-pass-1');

    await expect(anonymous.api.users.reset_password({ resetToken, newPassword: 'Another-pass-2' } as never)).rejects.toMatchObject({ message: INVALID_LINK });
    await expect(anonymous.api.users.reset_password({ resetToken: `${resetToken.slice(0, -2)}xx`, newPassword: 'Another-pass-2' })).rejects.toMatchObject({
      message: INVALID_LINK,
    });
    await new Session({ host: api.host }).authenticate(staff.email, 'Brand-new-pass-1');
  });

  test('the answer is the same for an unknown email, and nothing is sent', async () => {
    const staff = await createStaff(api, admin);
    const unknown = `nobody-${Date.now()}@example.com`;
    const forUnknown = await callWith(api.host, 'Bearer ', '/v1/request-password-reset', { method: 'POST', body: JSON.stringify({ email: unknown }) });
    const forKnown = await callWith(api.host, 'Bearer ', '/v1/request-password-reset', { method: 'POST', body: JSON.stringify({ email: staff.email }) });
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown).toEqual({ status: 200, body: {} });
    await smtp.waitFor(staff.email);
    expect(smtp.to(unknown).length).toBe(0);
    await expect(new Session({ host: api.host }).api.users.request_password_reset({ email: 'not-an-email' } as never)).rejects.toMatchObject({
      message: 'Error parsing field email: Invalid email: not-an-email',
    });
  });

  test('enduser: request and reset through EnduserSession, errors prefixed for the portal', async () => {
    const me = await createEnduser(api.host, admin, tenant);
    const portal = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await expect(portal.request_password_reset({ email: me.email } as never)).resolves.toEqual({});
    const mail = await smtp.waitFor(me.email);
    expect(mail.decoded).toContain('http://portal.example.test/reset-password?resetToken=');
    const resetToken = resetTokenIn(mail);

    await expect(portal.reset_password({ resetToken, newPassword: 'short' } as never)).rejects.toMatchObject({
      message: 'Error parsing field newPassword: Password must be at least 8 characters long',
    });
    const elsewhere = new EnduserSession({ host: api.host, businessId: (await createTenant(api.dataSource)).businessId });
    await expect(elsewhere.reset_password({ resetToken, newPassword: 'Patient-new-1' } as never)).rejects.toMatchObject({ message: INVALID_LINK });
    await expect(new Session({ host: api.host }).api.users.reset_password({ resetToken, newPassword: 'Patient-new-1' } as never)).rejects.toMatchObject({
      message: INVALID_LINK,
    });
    await me.session.api.endusers.current_session_info();

    await expect(portal.reset_password({ resetToken, newPassword: 'Patient-new-1' } as never)).resolves.toEqual({});
    await expect(me.session.api.endusers.current_session_info()).rejects.toBe('Unauthenticated');
    await portal.authenticate(me.email, 'Patient-new-1');
    await expect(portal.reset_password({ resetToken, newPassword: 'Patient-new-2' } as never)).rejects.toMatchObject({ message: INVALID_LINK });
  });

  test('an enduser without a password sets one through reset (an account made by staff)', async () => {
    const patient = await admin.api.endusers.createOne({ email: `made-${Date.now()}@example.com` });
    const portal = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await portal.request_password_reset({ email: patient.email! } as never);
    await portal.reset_password({ resetToken: resetTokenIn(await smtp.waitFor(patient.email!)), newPassword: 'First-pass-1' } as never);
    await expect(portal.authenticate(patient.email!, 'First-pass-1')).resolves.toMatchObject({ enduser: { id: patient.id, passwordIsUnset: false } });
  });

  test('reset requests are rate limited per email: the sixth in the window gets 429', async () => {
    const staff = await createStaff(api, admin);
    const anonymous = new Session({ host: api.host });
    for (let i = 0; i < 5; i++) await anonymous.api.users.request_password_reset({ email: staff.email } as never);
    await expect(anonymous.api.users.request_password_reset({ email: staff.email } as never)).rejects.toMatchObject({ message: 'Too many login attempts' });
    const raw = await callWith(api.host, 'Bearer ', '/v1/request-password-reset', { method: 'POST', body: JSON.stringify({ email: staff.email }) });
    expect(raw.status).toBe(429);
    const other = await createStaff(api, admin);
    await expect(anonymous.api.users.request_password_reset({ email: other.email } as never)).resolves.toEqual({});
  });
});

describe('without SMTP_URL, account mail is kept by the embedded email channel', () => {
  let api: IdentityApi;

  beforeAll(async () => {
    api = await startIdentityApi();
  });
  afterAll(() => api.stop());

  test("an enduser's reset link shows on the dev mailbox, and never among the staff-readable emails", async () => {
    const tenant = await createTenant(api.dataSource);
    const admin = await adminSession(api.host, tenant);
    const me = await createEnduser(api.host, admin, tenant);
    await new EnduserSession({ host: api.host, businessId: tenant.businessId }).request_password_reset({ email: me.email } as never);
    let mailbox: { subject: string; text: string; to: string }[] = [];
    for (let i = 0; i < 50 && mailbox.length === 0; i++) {
      // Read as the tenant's Admin, a root Admin: the development mailbox serves no one else.
      mailbox = (await (await fetch(`${api.host}/dev/mailbox?format=json&to=${encodeURIComponent(me.email)}`, { headers: { Authorization: `Bearer ${admin.authToken}` } })).json()) as typeof mailbox;
      if (!mailbox.length) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mailbox).toHaveLength(1);
    expect(mailbox[0]).toMatchObject({ subject: 'Reset your password', to: me.email });
    const resetToken = resetTokenIn({ decoded: mailbox[0].text });
    expect(JSON.stringify(await admin.api.emails.getSome())).not.toContain(resetToken);

    const portal = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await portal.reset_password({ resetToken, newPassword: 'From-the-mailbox-1' } as never);
    await portal.authenticate(me.email, 'From-the-mailbox-1');
  });
});
