import { Session } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';

describe('walking skeleton: api, staff login and tokens through the reference client', () => {
  let api: RunningApi;
  let tenant: Tenant;

  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
  });
  afterAll(() => api.stop());

  test('GET /v1 answers 200', async () => {
    const session = new Session({ host: api.host });
    await expect(session.test_online()).resolves.toBeDefined();
    const response = await fetch(`${api.host}/v1`);
    expect(response.status).toBe(200);
  });

  test('staff login returns authToken and the user, and test-authenticated accepts the token', async () => {
    const session = new Session({ host: api.host });
    const { authToken, user } = await session.api.users.login({ email: tenant.adminEmail, password: tenant.adminPassword });
    expect(authToken).toEqual(expect.any(String));
    expect(user).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{24}$/), businessId: tenant.businessId, email: tenant.adminEmail, roles: ['Admin'] });
    expect(user).not.toHaveProperty('hashedPassword');

    const signedIn = await adminSession(api.host, tenant);
    await expect(signedIn.test_authenticated()).resolves.toBe('Authenticated!');
  });

  test('the login email is matched regardless of case', async () => {
    const session = new Session({ host: api.host });
    await expect(session.authenticate(tenant.adminEmail.toUpperCase(), tenant.adminPassword)).resolves.toMatchObject({ businessId: tenant.businessId });
  });

  test('a wrong password and an unknown email get the same 401 answer', async () => {
    const attempt = (email: string, password: string) =>
      fetch(`${api.host}/v1/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const wrongPassword = await attempt(tenant.adminEmail, 'Not-the-password-1');
    const unknownEmail = await attempt('nobody-here@example.com', 'Not-the-password-1');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknownEmail.json());
  });

  test('a missing or forged token gets 401 with the plain body Unauthenticated', async () => {
    const anonymous = await fetch(`${api.host}/v1/test-authenticated`, { headers: { Authorization: 'Bearer ' } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe('Unauthenticated');
    const forged = await fetch(`${api.host}/v1/test-authenticated`, { headers: { Authorization: 'Bearer not.a.token' } });
    expect(forged.status).toBe(401);
    expect(await forged.text()).toBe('Unauthenticated');
  });

  test('the reference client clears its session on Unauthenticated', async () => {
    const session = new Session({ host: api.host, authToken: 'expired.or.forged' });
    await expect(session.test_authenticated()).rejects.toBe('Unauthenticated');
    expect(session.authToken).toBe('');
  });

  test('paths with a double slash and without /v1 reach the same calls', async () => {
    const theme = await fetch(`${api.host}/v1//organization-theme?businessId=${tenant.businessId}`);
    expect(theme.status).toBe(200);
    expect(((await theme.json()) as { theme: unknown }).theme).toMatchObject({ name: tenant.name, businessId: tenant.businessId });
    const bare = await fetch(`${api.host}/organization-theme?businessId=${tenant.businessId}`);
    expect(bare.status).toBe(200);
  });

  test('unknown routes and malformed JSON get a clear 4xx, never a 500', async () => {
    const unknown = await fetch(`${api.host}/v1/no-such-call`);
    expect(unknown.status).toBe(404);
    const malformed = await fetch(`${api.host}/v1/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: expect.any(String) });
  });
});
