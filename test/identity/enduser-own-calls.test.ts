import { EnduserSession, Session } from '@tellescope/sdk';
import type { Tenant } from '../support/tenant';
import { createEnduser, STRONG_PASSWORD, type IdentityApi } from './support';
import { useTenantSuite } from './tenant-suite';

/** docs/contract/access.md#enduser-access, an enduser's own profile: set password, session info, refresh, logout; forms prepared for themselves. */
describe('an enduser acting on their own account', () => {
  const suite = useTenantSuite();
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ api, tenant, admin } = suite));

  test('sets a password on their own account while it has none, and never on someone else’s', async () => {
    const email = `nopass-${Date.now()}@example.com`;
    const created = await admin.api.endusers.createOne({ email, fname: 'Linked' });
    const { authToken } = await admin.api.endusers.generate_auth_token({ id: created.id });
    const me = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken });
    const other = await createEnduser(api.host, admin, tenant);

    await expect(me.api.endusers.set_password({ id: other.enduser.id, password: 'Hijacked-pass-1' })).rejects.toMatchObject({ message: expect.any(String) });
    await expect(new EnduserSession({ host: api.host, businessId: tenant.businessId }).authenticate(other.email, STRONG_PASSWORD)).resolves.toBeDefined();

    await me.api.endusers.set_password({ id: created.id, password: 'Brand-new-pass-2' });
    await expect(new EnduserSession({ host: api.host, businessId: tenant.businessId }).authenticate(email, 'Brand-new-pass-2')).resolves.toBeDefined();
    // Once set, changing it takes the reset flow (a stolen session cannot lock the owner out).
    await expect(other.session.api.endusers.set_password({ id: other.enduser.id, password: 'Brand-new-pass-3' })).rejects.toMatchObject({
      message: 'Password is already set: use password reset to change it',
    });
  });

  test('prepares a form response for themselves, never for someone else', async () => {
    const me = await createEnduser(api.host, admin, tenant);
    const other = await createEnduser(api.host, admin, tenant);
    const form = await admin.api.forms.createOne({ title: 'Check-in' });
    await expect(me.session.api.form_responses.prepare_form_response({ formId: form.id, enduserId: other.enduser.id })).rejects.toMatchObject({
      message: expect.any(String),
    });
    const prepared = await me.session.api.form_responses.prepare_form_response({ formId: form.id, enduserId: me.enduser.id });
    expect(prepared.accessCode).toEqual(expect.any(String));
    expect((await admin.api.form_responses.getSome({ filter: { enduserId: other.enduser.id } })).length).toBe(0);
  });
});
