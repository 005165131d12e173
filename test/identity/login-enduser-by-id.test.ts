import { randomBytes } from 'node:crypto';
import { createEnduser } from './support';
import { useTenantSuite } from './tenant-suite';

const INVALID = { message: 'Invalid email or password' };

/**
 * Issue 12: the reference client's login_enduser({ id, password }) names no business. An id names its
 * business, so it is enough; an unknown id answers exactly like a wrong password (no way to learn
 * which ids exist), and email or phone still need the businessId.
 */
describe('login-enduser by id without a businessId', () => {
  const suite = useTenantSuite();
  const login = (body: Record<string, string>) =>
    fetch(`${suite.api.host}/v1/login-enduser`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));

  test('signs the enduser in; an unknown id or a wrong password gets the same 401', async () => {
    const { api, admin, tenant } = suite;
    const patient = await createEnduser(api.host, admin, tenant);
    const signedIn = await login({ id: patient.enduser.id, password: patient.password });
    expect(signedIn).toMatchObject({ status: 200, body: { enduser: { id: patient.enduser.id, businessId: tenant.businessId } } });
    expect(typeof signedIn.body.authToken).toBe('string');

    expect(await login({ id: patient.enduser.id, password: 'Wrong-guess-1' })).toMatchObject({ status: 401, body: INVALID });
    expect(await login({ id: randomBytes(12).toString('hex'), password: patient.password })).toMatchObject({ status: 401, body: INVALID });
    expect(await login({ email: patient.email, password: patient.password })).toMatchObject({ status: 400, body: { message: 'Error parsing field businessId: Invalid id' } });
  });
});
