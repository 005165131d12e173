import { EnduserSession } from '@tellescope/sdk';
import { callWith, createEnduser, createStaff, STRONG_PASSWORD, uniqueEmail } from '../identity/support';
import { useTenantSuite } from '../identity/tenant-suite';

const ADMIN_ONLY = { message: 'Admin access only' };

/**
 * Issue 29 (Medium): generate-enduser-auth-token was Admin-only, but set-enduser-password let staff
 * without the Admin role replace a patient's password and then sign in as the patient. Choosing a
 * patient's password is now Admin-only too; other staff send the patient a reset link.
 */
describe("staff setting a patient's password", () => {
  const suite = useTenantSuite();

  const signIn = (email: string, password: string) => new EnduserSession({ host: suite.api.host, businessId: suite.tenant.businessId }).authenticate(email, password);

  test('Non-Admin staff are refused, with the same answer as generate-enduser-auth-token, and the password is unchanged', async () => {
    const { api, admin, tenant } = suite;
    const staff = await createStaff(api, admin);
    const patient = await createEnduser(api.host, admin, tenant);
    await admin.api.endusers.updateOne(patient.enduser.id, { assignedTo: [staff.user.id] } as never);
    // The staff member may see and update this patient (assigned to them): only the Admin rule refuses.
    await expect(staff.session.api.endusers.updateOne(patient.enduser.id, { lname: 'Seen' } as never)).resolves.toMatchObject({ lname: 'Seen' });
    await expect(staff.session.api.endusers.generate_auth_token({ id: patient.enduser.id })).rejects.toMatchObject(ADMIN_ONLY);

    await expect(staff.session.api.endusers.set_password({ id: patient.enduser.id, password: 'Taken-over-1' })).rejects.toMatchObject(ADMIN_ONLY);
    // Whatever the body says: a bad password, or none, is refused the same way.
    expect(await callWith(api.host, `Bearer ${staff.session.authToken}`, '/v1/set-enduser-password', { method: 'POST', body: JSON.stringify({ id: patient.enduser.id, password: 'short' }) })).toMatchObject({ status: 403, body: ADMIN_ONLY });
    expect(await callWith(api.host, `Bearer ${staff.session.authToken}`, '/v1/set-enduser-password', { method: 'POST', body: JSON.stringify({ id: patient.enduser.id }) })).toMatchObject({ status: 403, body: ADMIN_ONLY });
    await expect(signIn(patient.email, 'Taken-over-1')).rejects.toMatchObject({ message: 'Invalid email or password' });
    await expect(signIn(patient.email, STRONG_PASSWORD)).resolves.toBeDefined();
    await expect(patient.session.api.endusers.current_session_info()).resolves.toMatchObject({ enduser: { id: patient.enduser.id } });

    // Nor a first password for a patient who has none (that too would let them sign in as the patient).
    const passwordless = await admin.api.endusers.createOne({ email: uniqueEmail('nopass'), fname: 'Nadia', assignedTo: [staff.user.id] } as never);
    await expect(staff.session.api.endusers.set_password({ id: passwordless.id, password: 'Taken-over-1' })).rejects.toMatchObject(ADMIN_ONLY);
    await expect(signIn(passwordless.email!, 'Taken-over-1')).rejects.toMatchObject({ message: 'Invalid email or password' });
  });

  test('Non-Admin staff send the patient a reset link instead; an Admin still sets the password', async () => {
    const { api, admin, tenant } = suite;
    const staff = await createStaff(api, admin);
    const patient = await createEnduser(api.host, admin, tenant);
    await admin.api.endusers.updateOne(patient.enduser.id, { assignedTo: [staff.user.id] } as never);
    expect(
      await callWith(api.host, `Bearer ${staff.session.authToken}`, '/v1/request-enduser-password-reset', {
        method: 'POST',
        body: JSON.stringify({ email: patient.email, businessId: tenant.businessId }),
      }),
    ).toEqual({ status: 200, body: {} });
    // The link goes to the patient (kept by the embedded channel; read here as the root Admin).
    let kept: { to: string; text: string }[] = [];
    for (let i = 0; i < 50 && !kept.length; i++) {
      const response = await fetch(`${api.host}/dev/mailbox?format=json&to=${encodeURIComponent(patient.email)}`, { headers: { Authorization: `Bearer ${admin.authToken}` } });
      kept = (await response.json()) as typeof kept;
      if (!kept.length) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(kept).toHaveLength(1);
    const resetToken = decodeURIComponent(kept[0].text.match(/resetToken=([^\s&]+)/)![1]);
    const portal = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await portal.reset_password({ resetToken, newPassword: 'Patient-chose-1' } as never);
    await expect(signIn(patient.email, 'Patient-chose-1')).resolves.toBeDefined();

    await admin.api.endusers.set_password({ id: patient.enduser.id, password: 'Admin-set-2' });
    await expect(signIn(patient.email, 'Admin-set-2')).resolves.toBeDefined();
    // Another Admin (not the tenant's first) may too.
    const otherAdmin = await createStaff(api, admin, { roles: ['Admin'] });
    await otherAdmin.session.api.endusers.set_password({ id: patient.enduser.id, password: 'Admin-set-3' });
    await expect(signIn(patient.email, 'Admin-set-3')).resolves.toBeDefined();
  });
});
