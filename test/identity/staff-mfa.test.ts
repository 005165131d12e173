import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import type { Tenant } from '../support/tenant';
import { adminSession, createTenant } from '../support/tenant';
import type { SmtpCapture } from '../support/smtp-server';
import { callWith, createStaff, type IdentityApi } from './support';
import { useMailingTenant } from './tenant-suite';
import { mailedSignInCode as mailedCode, otherCode as otherThan } from '../support/sign-in-code';

const WRONG = 'That code is not right. Check it and try again.';
const EXHAUSTED = 'Too many tries. Ask for a new code.';
const EXPIRED = 'That code has expired. Ask for a new one.';

describe('staff second factor, through the reference client', () => {
  const mailing = useMailingTenant();
  let smtp: SmtpCapture;
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ smtp, api, tenant, admin } = mailing));

  /** A colleague who turned on the emailed code for themselves (users.mfa), then signs in again with the password. */
  const mfaColleague = async (roles = ['Non-Admin']) => {
    const staff = await createStaff(api, admin, { roles });
    await staff.session.api.users.updateOne(staff.user.id, { mfa: { email: true } } as never);
    const pending = new Session({ host: api.host });
    const signedIn = (await pending.authenticate(staff.email, staff.password)) as unknown as { requiresMFA?: boolean };
    return { ...staff, pending, signedIn };
  };

  test('the password opens only the code calls; the mailed code gives the session; wrong codes and the sixth try are refused', async () => {
    const { user, email, pending, signedIn } = await mfaColleague();
    expect(signedIn.requiresMFA).toBe(true);
    await expect(pending.api.endusers.createOne({ fname: 'wont work' })).rejects.toBe('Unauthenticated');
    await expect(pending.test_authenticated()).rejects.toBe('Unauthenticated');
    expect(await callWith(api.host, `Bearer ${pending.authToken}`, '/v1/refresh-session', { method: 'POST', body: '{}' })).toEqual({ status: 401, body: 'Unauthenticated' });

    await expect(pending.api.users.generate_MFA_challenge({ method: 'sms' })).rejects.toMatchObject({ message: 'Unsupported method' });
    await expect(pending.api.users.generate_MFA_challenge({ method: 'email' })).resolves.toEqual({});
    const code = await mailedCode(smtp, email, 0);
    // Stored as a keyed hash only, never as the digits, and never answered.
    const stored = await api.dataSource.getRepository('users').findOneByOrFail({ _id: user.id });
    expect(JSON.stringify(stored.mfaChallenge)).not.toContain(code);
    expect(await admin.api.users.getOne(user.id)).not.toHaveProperty('mfaChallenge');

    await expect(pending.api.users.submit_MFA_challenge({ code: otherThan(code) })).rejects.toMatchObject({ message: WRONG });
    for (let i = 0; i < 4; i++) await expect(pending.api.users.submit_MFA_challenge({ code: otherThan(code) })).rejects.toMatchObject({ message: WRONG });
    // Five wrong tries used the challenge up: even the right code is refused now.
    await expect(pending.api.users.submit_MFA_challenge({ code })).rejects.toMatchObject({ message: EXHAUSTED });

    await pending.api.users.generate_MFA_challenge({ method: 'email' });
    const fresh = await mailedCode(smtp, email, 1);
    const { authToken, user: after } = await pending.api.users.submit_MFA_challenge({ code: fresh });
    expect(after.id).toBe(user.id);
    const full = new Session({ host: api.host, authToken });
    const enduser = await full.api.endusers.createOne({ fname: 'will work' });
    await full.api.endusers.deleteOne(enduser.id);
    // A code works once.
    await expect(pending.api.users.submit_MFA_challenge({ code: fresh })).rejects.toMatchObject({ message: 'Ask for a code first.' });
  });

  test('a code older than ten minutes is refused as expired', async () => {
    const { user, email, pending } = await mfaColleague();
    await pending.api.users.generate_MFA_challenge({ method: 'email' });
    const code = await mailedCode(smtp, email, 0);
    // The clock is not ours to move: the stored challenge is aged instead.
    const repository = api.dataSource.getRepository('users');
    const stored = await repository.findOneByOrFail({ _id: user.id });
    await repository.update({ _id: user.id }, { mfaChallenge: { ...(stored.mfaChallenge as object), expiresAt: Date.now() - 1000 } });
    await expect(pending.api.users.submit_MFA_challenge({ code })).rejects.toMatchObject({ message: EXPIRED });
  });

  test('configure-mfa answers recovery codes once; each signs in once, instead of the mailed code', async () => {
    const staff = await createStaff(api, admin);
    const { recoveryCodes, authToken, user } = await staff.session.api.users.configure_MFA({});
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((user as { mfa?: unknown }).mfa).toEqual({ email: true });
    await expect(new Session({ host: api.host, authToken }).test_authenticated()).resolves.toBe('Authenticated!');
    const stored = await api.dataSource.getRepository('users').findOneByOrFail({ _id: staff.user.id });
    expect(JSON.stringify(stored.mfaRecoveryCodes)).not.toContain(recoveryCodes[0]);

    const first = new Session({ host: api.host });
    await first.authenticate(staff.email, staff.password);
    const { authToken: viaRecovery } = await first.api.users.submit_MFA_challenge({ code: recoveryCodes[0].toUpperCase() });
    await expect(new Session({ host: api.host, authToken: viaRecovery }).test_authenticated()).resolves.toBe('Authenticated!');

    const second = new Session({ host: api.host });
    await second.authenticate(staff.email, staff.password);
    await expect(second.api.users.submit_MFA_challenge({ code: recoveryCodes[0] })).rejects.toMatchObject({ message: WRONG });
    await expect(second.api.users.submit_MFA_challenge({ code: recoveryCodes[1] })).resolves.toMatchObject({ user: { id: staff.user.id } });
  });

  test('turning the emailed code off drops the recovery codes: they no longer open the account once it is asked again', async () => {
    const strict = await createTenant(api.dataSource);
    const strictAdmin = await adminSession(api.host, strict);
    const staff = await createStaff(api, strictAdmin, { roles: ['Non-Admin'] });
    const { recoveryCodes, authToken } = await staff.session.api.users.configure_MFA({});
    await new Session({ host: api.host, authToken }).api.users.updateOne(staff.user.id, { mfa: { email: false } } as never);
    expect((await api.dataSource.getRepository('users').findOneByOrFail({ _id: staff.user.id })).mfaRecoveryCodes).toBeNull();
    await strictAdmin.api.organizations.updateOne(strict.businessId, { enforceMFA: true } as never);
    const pending = new Session({ host: api.host });
    await expect(pending.authenticate(staff.email, staff.password)).resolves.toMatchObject({ requiresMFA: true });
    await expect(pending.api.users.submit_MFA_challenge({ code: recoveryCodes[0] })).rejects.toMatchObject({ message: expect.any(String) });
    await expect(pending.api.endusers.getSome()).rejects.toBe('Unauthenticated');
  });

  test('an API key, and a token it generates, are not asked for the code', async () => {
    const { email, session } = await createStaff(api, admin, { roles: ['Admin'] });
    const { key } = (await session.api.api_keys.createOne({})) as unknown as { key: string };
    await session.api.users.updateOne(session.userInfo.id, { mfa: { email: true } } as never);
    const viaKey = new Session({ host: api.host, apiKey: key });
    const enduser = await viaKey.api.endusers.createOne({ fname: 'will work' });
    await viaKey.api.endusers.deleteOne(enduser.id);
    const { authToken } = await viaKey.api.users.generate_auth_token({ email });
    const generated = new Session({ host: api.host, authToken });
    await expect(generated.api.endusers.createOne({ fname: 'will work' })).resolves.toMatchObject({ fname: 'Will work' });
    // The same account's password sign-in is still asked.
    const byPassword = new Session({ host: api.host });
    await expect(byPassword.authenticate(email, 'Correct-horse-9')).resolves.toMatchObject({ requiresMFA: true });
  });

  test("an Admin resets a colleague's second factor, and user_logs records who did it", async () => {
    const { user, email, password } = await mfaColleague();
    const staff = await createStaff(api, admin);
    expect(await callWith(api.host, `Bearer ${staff.session.authToken}`, '/v1/users/reset-mfa', { method: 'POST', body: JSON.stringify({ userId: user.id }) })).toMatchObject({ status: 403 });
    const reset = await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/users/reset-mfa', { method: 'POST', body: JSON.stringify({ userId: user.id }) });
    expect(reset).toMatchObject({ status: 200, body: { user: { id: user.id, mfa: { email: false } } } });
    const logs = await admin.api.user_logs.getSome({ filter: { resourceId: user.id } });
    expect(logs).toEqual(expect.arrayContaining([expect.objectContaining({ userId: admin.userInfo.id, resource: 'users', action: 'update' })]));
    const again = new Session({ host: api.host });
    await expect(again.authenticate(email, password)).resolves.not.toHaveProperty('requiresMFA');
    await expect(again.test_authenticated()).resolves.toBe('Authenticated!');
  });

  test("GET /users/second-factor tells a clinic's member their own code and the root's enforcement, which they cannot read", async () => {
    const strict = await createTenant(api.dataSource);
    const strictAdmin = await adminSession(api.host, strict);
    const { created: clinic } = (await strictAdmin.api.organizations.create_suborganization({ name: 'Clinic', subdomain: `clinic-${randomBytes(4).toString('hex')}` })) as unknown as { created: { id: string } };
    const member = await createStaff(api, strictAdmin, { roles: ['Admin'] });
    await api.dataSource.getRepository('users').update({ _id: member.user.id }, { organizationIds: [clinic.id] });
    const session = new Session({ host: api.host });
    await session.authenticate(member.email, member.password);
    const status = () => callWith(api.host, `Bearer ${session.authToken}`, '/v1/users/second-factor', { method: 'GET' });
    expect(await status()).toEqual({ status: 200, body: { own: false, enforced: false } });

    await strictAdmin.api.organizations.updateOne(strict.businessId, { enforceMFA: true } as never);
    // The member cannot read the root organization, yet sign-in asks them for the code: so does this answer.
    expect((await session.api.organizations.getSome()).map((organization) => organization.id)).not.toContain(strict.businessId);
    expect(await status()).toEqual({ status: 200, body: { own: false, enforced: true } });
    await expect(new Session({ host: api.host }).authenticate(member.email, member.password)).resolves.toMatchObject({ requiresMFA: true });

    const { authToken } = await session.api.users.configure_MFA({});
    expect(await callWith(api.host, `Bearer ${authToken}`, '/v1/users/second-factor', { method: 'GET' })).toEqual({ status: 200, body: { own: true, enforced: true } });
    expect(await callWith(api.host, 'Bearer ', '/v1/users/second-factor', { method: 'GET' })).toEqual({ status: 401, body: 'Unauthenticated' });
  });

  test("the organization's enforceMFA asks every staff password sign-in, though users.mfa is unset", async () => {
    const strict = await createTenant(api.dataSource);
    const strictAdmin = await adminSession(api.host, strict);
    await strictAdmin.api.organizations.updateOne(strict.businessId, { enforceMFA: true } as never);
    const pending = new Session({ host: api.host });
    await expect(pending.authenticate(strict.adminEmail, strict.adminPassword)).resolves.toMatchObject({ requiresMFA: true });
    await expect(pending.api.endusers.getSome()).rejects.toBe('Unauthenticated');
    await pending.api.users.generate_MFA_challenge({ method: 'email' });
    const code = await mailedCode(smtp, strict.adminEmail, 0);
    await expect(pending.api.users.submit_MFA_challenge({ code })).resolves.toMatchObject({ user: { email: strict.adminEmail } });
    // Another business's setting changes nothing here.
    await expect(new Session({ host: api.host }).authenticate(tenant.adminEmail, tenant.adminPassword)).resolves.not.toHaveProperty('requiresMFA');
  });
});
