import { EnduserSession } from '@tellescope/sdk';
import { createEnduser } from '../identity/support';
import { useTenantSuite } from '../identity/tenant-suite';

const TOO_MANY = { message: 'Too many login attempts' };
const INVALID = { message: 'Invalid email or password' };

/**
 * Issue 12 (Low): the login lock counted per identifier, so one enduser got five tries by email,
 * five more by id and five more by phone. It counts per account as well.
 */
describe('the login lock counts per account, whichever identifier names it', () => {
  const suite = useTenantSuite();

  test('wrong passwords by email, id and phone share one allowance of five', async () => {
    const { api, admin, tenant } = suite;
    const patient = await createEnduser(api.host, admin, tenant, { phone: '+14155550142' });
    const login = (body: Record<string, string>) =>
      fetch(`${api.host}/v1/login-enduser`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ businessId: tenant.businessId, ...body }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const identifiers: Record<string, string>[] = [{ email: patient.email }, { id: patient.enduser.id }, { phone: '+14155550142' }];
    let attempt = 0;
    for (let i = 0; i < 5; i++) {
      expect(await login({ ...identifiers[i % 3], password: `Wrong-guess-${attempt++}` })).toMatchObject({ status: 401, body: INVALID });
    }
    for (const identifier of identifiers) {
      expect(await login({ ...identifier, password: patient.password })).toMatchObject({ status: 429, body: TOO_MANY });
    }
    // Another patient is not affected.
    const other = await createEnduser(api.host, admin, tenant);
    await expect(new EnduserSession({ host: api.host, businessId: tenant.businessId }).authenticate(other.email, other.password)).resolves.toBeTruthy();
  });
});
