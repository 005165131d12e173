import { EnduserSession, Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { callWith, createEnduser, createStaff, STRONG_PASSWORD, tokenClaims, uniqueEmail, type IdentityApi } from './support';
import { useTenantSuite } from './tenant-suite';

describe('sessions: refresh, logout, generated tokens and when a token stops working', () => {
  const suite = useTenantSuite();
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ api, tenant, admin } = suite));

  const bearer = (token: string) => `Bearer ${token}`;

  test('refresh-session answers a new token and the same user; both tokens work until logout-api ends them all', async () => {
    const staff = await createStaff(api, admin);
    const original = staff.session.authToken;
    const { authToken, user } = await staff.session.refresh_session();
    expect(user).toMatchObject({ id: staff.user.id, email: staff.email });
    expect(user).not.toHaveProperty('hashedPassword');
    expect(user).not.toHaveProperty('sessionVersion');
    expect(authToken).not.toBe(original);
    expect(staff.session.authToken).toBe(authToken);
    expect((await callWith(api.host, bearer(original), '/v1/test-authenticated')).status).toBe(200);

    await staff.session.logout();
    for (const token of [original, authToken]) {
      expect(await callWith(api.host, bearer(token), '/v1/test-authenticated')).toEqual({ status: 401, body: 'Unauthenticated' });
    }
    const again = new Session({ host: api.host });
    await again.authenticate(staff.email, staff.password);
    await expect(again.test_authenticated()).resolves.toBe('Authenticated!');
  });

  test('the calls that only read (their token checked beside their work) refuse a signed-out or re-roled account on its next request', async () => {
    // api/src/actions/speculative-reads.ts: the account is cached by the first calls, so the next ones are served from the cache.
    const staff = await createStaff(api, admin, { roles: ['Admin'] });
    const reads = (token: string) => [
      callWith(api.host, bearer(token), '/v1/list-endusers?limit=5'),
      callWith(api.host, bearer(token), '/v1/bulk-actions/read', { method: 'POST', body: JSON.stringify({ load: [{ model: 'endusers', options: { limit: 5 } }] }) }),
      callWith(api.host, bearer(token), '/v1/inbox-conversations'),
    ];
    for (let round = 0; round < 2; round++) for (const answer of await Promise.all(reads(staff.session.authToken))) expect(answer.status).toBe(200);
    const token = staff.session.authToken;
    await staff.session.logout();
    for (const answer of await Promise.all(reads(token))) expect(answer).toEqual({ status: 401, body: 'Unauthenticated' });

    // A role change ends the token too (its roles fingerprint), heard through the same cache.
    const other = await createStaff(api, admin, { roles: ['Admin'] });
    for (const answer of await Promise.all(reads(other.session.authToken))) expect(answer.status).toBe(200);
    await admin.api.users.updateOne(other.user.id, { roles: ['Non-Admin'] } as never, { replaceObjectFields: true } as never);
    for (const answer of await Promise.all(reads(other.session.authToken))) expect(answer).toEqual({ status: 401, body: 'Unauthenticated' });
  });

  test('refresh-session with invalidatePreviousToken ends the earlier token at once', async () => {
    const staff = await createStaff(api, admin);
    const original = staff.session.authToken;
    await staff.session.refresh_session({ invalidatePreviousToken: true } as never);
    expect((await callWith(api.host, bearer(original), '/v1/test-authenticated')).status).toBe(401);
    await expect(staff.session.test_authenticated()).resolves.toBe('Authenticated!');
  });

  test('a deleted account is signed out on its next request', async () => {
    const staff = await createStaff(api, admin);
    await admin.api.users.deleteOne(staff.user.id);
    await expect(staff.session.test_authenticated()).rejects.toBe('Unauthenticated');
    await expect(new Session({ host: api.host }).authenticate(staff.email, staff.password)).rejects.toMatchObject({ message: 'Invalid email or password' });
  });

  test('generate-auth-token (Admin only) signs in as a user or an enduser of the business', async () => {
    const staff = await createStaff(api, admin);
    const forUser = await admin.api.users.generate_auth_token({ id: staff.user.id });
    expect(forUser.user).toMatchObject({ id: staff.user.id });
    await expect(new Session({ host: api.host, authToken: forUser.authToken }).test_authenticated()).resolves.toBe('Authenticated!');
    expect(tokenClaims(forUser.authToken)).toMatchObject({ type: 'user', sub: staff.user.id });

    const patient = await admin.api.endusers.createOne({ email: uniqueEmail('gen'), externalId: `ext-${Date.now()}` });
    const forEnduser = await admin.api.users.generate_auth_token({ id: patient.id });
    expect(forEnduser.enduser).toMatchObject({ id: patient.id });
    expect(forEnduser.user).toBeUndefined();
    await expect(admin.api.endusers.is_authenticated({ id: patient.id, authToken: forEnduser.authToken })).resolves.toMatchObject({ isAuthenticated: true });

    await expect(staff.session.api.users.generate_auth_token({ id: patient.id })).rejects.toMatchObject({ message: 'Admin access only' });
    await expect(admin.api.users.generate_auth_token({})).rejects.toMatchObject({ message: 'One of id, externalId, email, or phone is required' });
    await expect(admin.api.users.generate_auth_token({ email: uniqueEmail('nobody') })).rejects.toMatchObject({ message: 'Could not find a corresponding user or enduser' });

    // A duration with a fraction of a second (found by the fuzz proof: a 500) lasts the whole seconds it holds.
    const fractional = await admin.api.users.generate_auth_token({ id: staff.user.id, durationInSeconds: 90.5 } as never);
    const claims = tokenClaims(fractional.authToken) as unknown as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(90);
  });

  test('generate-enduser-auth-token by id, externalId, email or phone, with the reference messages', async () => {
    const externalId = `ext-${Date.now()}`;
    const patient = await admin.api.endusers.createOne({ email: uniqueEmail('gen'), phone: '+15555550123', externalId });
    for (const by of [{ id: patient.id }, { externalId }, { email: patient.email }, { phone: patient.phone }, { id: patient.id, durationInSeconds: 1000 }]) {
      const { authToken, enduser } = await admin.api.endusers.generate_auth_token(by as never);
      expect(enduser).toMatchObject({ id: patient.id });
      const { isAuthenticated } = await admin.api.endusers.is_authenticated({ authToken });
      expect(isAuthenticated).toBe(true);
      const session = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken });
      await expect(session.api.endusers.current_session_info()).resolves.toMatchObject({ enduser: { id: patient.id } });
    }
    await expect(admin.api.endusers.generate_auth_token({ phone: undefined })).rejects.toMatchObject({ message: 'One of id, externalId, email, or phone is required' });
    await expect(admin.api.endusers.generate_auth_token({ email: 'notavalidemail@tellescope.com' })).rejects.toMatchObject({ message: 'Could not find a corresponding enduser' });

    const otherTenant = await createTenant(api.dataSource);
    const otherAdmin = await adminSession(api.host, otherTenant);
    await expect(otherAdmin.api.endusers.generate_auth_token({ id: patient.id })).rejects.toMatchObject({ message: 'Could not find a corresponding enduser' });
    const staff = await createStaff(api, admin);
    await expect(staff.session.api.endusers.generate_auth_token({ id: patient.id })).rejects.toMatchObject({ message: 'Admin access only' });
  });

  test('enduser-is-authenticated: false for a forged, logged-out or other-business token, or another id', async () => {
    const me = await createEnduser(api.host, admin, tenant);
    const token = me.session.authToken;
    await expect(admin.api.endusers.is_authenticated({ id: me.enduser.id, authToken: token })).resolves.toMatchObject({ isAuthenticated: true, enduser: { id: me.enduser.id } });
    await expect(admin.api.endusers.is_authenticated({ id: admin.userInfo.id, authToken: token })).resolves.toEqual({ isAuthenticated: false, enduser: null });
    await expect(admin.api.endusers.is_authenticated({ authToken: 'not.a.token' })).resolves.toEqual({ isAuthenticated: false, enduser: null });
    const otherAdmin = await adminSession(api.host, await createTenant(api.dataSource));
    await expect(otherAdmin.api.endusers.is_authenticated({ authToken: token })).resolves.toEqual({ isAuthenticated: false, enduser: null });
    await me.session.logout();
    await expect(admin.api.endusers.is_authenticated({ authToken: token })).resolves.toEqual({ isAuthenticated: false, enduser: null });
  });

  test('refresh-enduser-session answers a new token and the enduser, without staff-only fields', async () => {
    const me = await createEnduser(api.host, admin, tenant, { tags: ['internal-note'], fields: { secretScore: '9' } });
    const original = me.session.authToken;
    const { authToken, enduser } = await me.session.refresh_session();
    expect(authToken).not.toBe(original);
    expect(enduser).toMatchObject({ id: me.enduser.id, email: me.email, fname: 'Pat', passwordIsUnset: false, isUpsertedAccount: false });
    for (const hidden of ['hashedPassword', 'sessionVersion', 'tags', 'fields']) expect(enduser).not.toHaveProperty(hidden);
    await expect(me.session.api.endusers.current_session_info()).resolves.toMatchObject({ enduser: { id: me.enduser.id } });
  });

  test('set-enduser-password: staff set it (ending sessions), an enduser only sets a first password of their own', async () => {
    const me = await createEnduser(api.host, admin, tenant);
    const oldToken = me.session.authToken;
    await expect(admin.api.endusers.set_password({ id: me.enduser.id, password: 'short' })).rejects.toMatchObject({
      message: 'Error parsing field password: Password must be at least 8 characters long',
    });
    await expect(admin.api.endusers.set_password({ id: me.enduser.id, password: 'alllowercase' })).rejects.toMatchObject({
      message: 'Error parsing field password: Password must included 1 uppercase letter, 1 number, or 1 symbol',
    });
    expect((await callWith(api.host, bearer(oldToken), '/v1/enduser-session-info')).status).toBe(200);

    await admin.api.endusers.set_password({ id: me.enduser.id, password: 'New-password-2' });
    expect(await callWith(api.host, bearer(oldToken), '/v1/enduser-session-info')).toEqual({ status: 401, body: 'Unauthenticated' });
    const fresh = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await expect(fresh.authenticate(me.email, STRONG_PASSWORD)).rejects.toMatchObject({ message: 'Invalid email or password' });
    await fresh.authenticate(me.email, 'New-password-2');

    await expect(fresh.api.endusers.set_password({ id: me.enduser.id, password: 'Another-one-3' })).rejects.toMatchObject({
      message: 'Password is already set: use password reset to change it',
    });
    const other = await admin.api.endusers.createOne({ email: uniqueEmail('other') });
    await expect(fresh.api.endusers.set_password({ id: other.id, password: 'Another-one-3' })).rejects.toMatchObject({ message: 'Endusers may only update their own profile' });

    // An account made by staff, entered with a generated token, chooses its first password itself.
    const upserted = await admin.api.endusers.createOne({ email: uniqueEmail('upserted') });
    const { authToken } = await admin.api.endusers.generate_auth_token({ id: upserted.id });
    const portal = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken });
    await expect(portal.api.endusers.current_session_info()).resolves.toMatchObject({ enduser: { passwordIsUnset: true, isUpsertedAccount: true } });
    await portal.api.endusers.set_password({ id: upserted.id, password: 'First-choice-4' });
    await expect(portal.api.endusers.current_session_info()).resolves.toMatchObject({ enduser: { passwordIsUnset: false } });
    await new EnduserSession({ host: api.host, businessId: tenant.businessId }).authenticate(upserted.email!, 'First-choice-4');
  });

  test('unsubscribe-enduser is public, merges channels, and says nothing about unknown ids', async () => {
    const patient = await admin.api.endusers.createOne({ email: uniqueEmail('unsub') });
    const anonymous = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await expect(anonymous.api.endusers.unsubscribe({ enduserId: patient.id, unsubscribeFrom: ['Email'] })).resolves.toEqual({});
    await anonymous.api.endusers.unsubscribe({ enduserId: patient.id, unsubscribeFrom: ['SMS', 'Email'] });
    const stored = await api.dataSource.getRepository('endusers').findOneByOrFail({ _id: patient.id });
    expect(stored.unsubscribedFrom).toEqual(['Email', 'SMS']);
    await expect(anonymous.api.endusers.unsubscribe({ enduserId: '0123456789abcdef01234567', unsubscribeFrom: ['Email'] })).resolves.toEqual({});
    await expect(anonymous.api.endusers.unsubscribe({ enduserId: 'nope', unsubscribeFrom: ['Email'] })).rejects.toMatchObject({ message: 'Error parsing field enduserId: Invalid id' });
    await expect(anonymous.api.endusers.unsubscribe({ enduserId: patient.id } as never)).rejects.toMatchObject({ message: 'Value not provided for required field: unsubscribeFrom' });
  });

  test('user-display-info lists the business staff by name and care role only, for staff and endusers', async () => {
    const staff = await createStaff(api, admin);
    const me = await createEnduser(api.host, admin, tenant);
    const forEnduser = await me.session.api.users.display_info();
    expect(forEnduser.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([admin.userInfo.id, staff.user.id]));
    for (const info of forEnduser) expect(Object.keys(info).every((key) => ['id', 'fname', 'lname', 'displayName', 'avatar', 'roles'].includes(key))).toBe(true);
    // Care roles show (the portal's care team); Admin, an access level, never does.
    expect(forEnduser.find((u: { id: string }) => u.id === staff.user.id)).toMatchObject({ roles: ['Non-Admin'] });
    expect((forEnduser as { roles?: string[] }[]).flatMap((u) => u.roles ?? [])).not.toContain('Admin');
    const otherAdmin = await adminSession(api.host, await createTenant(api.dataSource));
    const forOther = await callWith(api.host, bearer(otherAdmin.authToken), '/v1/user-display-info');
    expect((forOther.body as { id: string }[]).map((u) => u.id)).not.toContain(staff.user.id);
    expect((await callWith(api.host, 'Bearer ', '/v1/user-display-info')).status).toBe(401);
  });
});
