import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { callWith, createStaff, startIdentityApi, STRONG_PASSWORD, tokenClaims, uniqueEmail, type IdentityApi } from './support';
import { useMailingTenant } from './tenant-suite';
import type { SmtpCapture } from '../support/smtp-server';

const INVALID_INVITATION = 'This invitation is invalid or has expired';
const ADMIN_ONLY = 'Admin access only';

type User = { id: string; email: string; fname?: string; lname?: string; roles?: string[]; organizationIds?: string[]; verifiedEmail?: boolean; username?: string };

const inviteCodeIn = (mail: { decoded: string }) => {
  const match = mail.decoded.match(/\/staff\/register\?inviteCode=([A-Za-z0-9_.%-]+)&email=/);
  if (!match) throw new Error(`no invitation link in:\n${mail.decoded}`);
  return decodeURIComponent(match[1]);
};

describe('staff invitations, registration, email verification, inbox, create-and-join and reset-demo', () => {
  const mailing = useMailingTenant();
  let smtp: SmtpCapture;
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ smtp, api, tenant, admin } = mailing));

  const invite = async (session: Session, fields: Record<string, unknown> = {}) => {
    const email = uniqueEmail('invitee');
    const { created } = (await session.api.users.invite_user({ email, fname: 'ivy', lname: 'Invitee', organizationId: tenant.businessId, ...fields } as never)) as unknown as {
      created: User;
    };
    return { email, created, code: inviteCodeIn(await smtp.waitFor(email)) };
  };
  const subOrganization = async (session: Session, label: string) =>
    ((await session.api.organizations.create_suborganization({ name: label, subdomain: `${label.toLowerCase()}-${randomBytes(4).toString('hex')}` })) as unknown as {
      created: { id: string; name: string };
    }).created;

  test('an Admin invites a staff member: the account exists at once, the link arrives by mail, and registering with it sets the password once', async () => {
    const { email, created, code } = await invite(admin, { role: 'Care Coordinator' });
    expect(created).toMatchObject({ email, fname: 'Ivy', lname: 'Invitee', roles: ['Care Coordinator'], businessId: tenant.businessId, organizationIds: [] });
    expect(created).not.toHaveProperty('hashedPassword');
    const mail = await smtp.waitFor(email);
    expect(mail.decoded).toMatch(/Subject: You are invited to join /);
    expect(mail.decoded).toContain('http://portal.example.test/staff/register?inviteCode=');
    expect((await admin.api.users.getOne(created.id)).email).toBe(email);
    // Not signed in yet: the account has no password.
    await expect(new Session({ host: api.host }).authenticate(email, STRONG_PASSWORD)).rejects.toMatchObject({ message: 'Invalid email or password' });

    const anonymous = new Session({ host: api.host });
    await expect(anonymous.api.users.register({ email, password: STRONG_PASSWORD, termsVersion: '1.0' })).rejects.toMatchObject({
      message: 'Registration requires an invitation',
    });
    await expect(anonymous.api.users.register({ email: uniqueEmail('someone-else'), password: STRONG_PASSWORD, termsVersion: '1.0', inviteCode: code })).rejects.toMatchObject({
      message: INVALID_INVITATION,
    });
    await expect(anonymous.api.users.register({ email, password: 'short', termsVersion: '1.0', inviteCode: code })).rejects.toMatchObject({
      message: 'Error parsing field password: Password must be at least 8 characters long',
    });
    await expect(anonymous.api.users.register({ email, password: STRONG_PASSWORD, termsVersion: '1.0', inviteCode: `${code.slice(0, -2)}xx` })).rejects.toMatchObject({
      message: INVALID_INVITATION,
    });
    await expect(anonymous.api.users.register({ email, password: STRONG_PASSWORD, termsVersion: 'x'.repeat(101), inviteCode: code })).rejects.toMatchObject({
      message: 'Error parsing field termsVersion: String must not exceed 100 characters',
    });
    expect(await admin.api.users.getOne(created.id)).not.toHaveProperty('termsVersion');
    const before = Date.now();
    await expect(anonymous.api.users.register({ email, password: STRONG_PASSWORD, termsVersion: '2.1', inviteCode: code })).resolves.toEqual({});
    const session = new Session({ host: api.host });
    await session.authenticate(email, STRONG_PASSWORD);
    expect(session.userInfo).toMatchObject({ id: created.id, verifiedEmail: true, roles: ['Care Coordinator'] });
    // The accepted terms are stored with the time of acceptance, readable by the Admin; clients cannot rewrite them.
    const registered = await admin.api.users.getOne(created.id);
    expect(registered.termsVersion).toBe('2.1');
    const signed = new Date(registered.termsSigned as unknown as string).getTime();
    expect(signed).toBeGreaterThanOrEqual(before - 1000);
    expect(signed).toBeLessThanOrEqual(Date.now() + 1000);
    await expect(admin.api.users.updateOne(created.id, { termsVersion: '0.1' })).rejects.toMatchObject({
      message: 'Error parsing field termsVersion: This field cannot be updated',
    });
    await expect(anonymous.api.users.register({ email, password: 'Another-pass-2', termsVersion: '1.0', inviteCode: code })).rejects.toMatchObject({
      message: INVALID_INVITATION,
    });
    await session.authenticate(email, STRONG_PASSWORD);
  });

  test('inviting is for Admins, into an organization they see; emails are unique; fields are checked', async () => {
    const staff = await createStaff(api, admin);
    await expect(staff.session.api.users.invite_user({ email: uniqueEmail('x'), fname: 'A', lname: 'B', organizationId: tenant.businessId } as never)).rejects.toMatchObject({
      message: ADMIN_ONLY,
    });
    await expect(admin.api.users.invite_user({ email: staff.email, fname: 'A', lname: 'B', organizationId: tenant.businessId } as never)).rejects.toMatchObject({
      message: 'Uniqueness Violation',
    });
    await expect(admin.api.users.invite_user({ email: uniqueEmail('x'), lname: 'B', organizationId: tenant.businessId } as never)).rejects.toMatchObject({
      message: 'Value not provided for required field: fname',
    });
    await expect(admin.api.users.invite_user({ email: 'not-an-email', fname: 'A', lname: 'B', organizationId: tenant.businessId } as never)).rejects.toMatchObject({
      message: 'Error parsing field email: Invalid email: not-an-email',
    });
    const elsewhere = await createTenant(api.dataSource);
    await expect(admin.api.users.invite_user({ email: uniqueEmail('x'), fname: 'A', lname: 'B', organizationId: elsewhere.businessId } as never)).rejects.toMatchObject({
      message: 'Could not find the organization',
    });
  });

  test('an invitation into a sub-organization places the account there, and it sees only that organization', async () => {
    const branch = await subOrganization(admin, 'Harbor');
    const { email, created, code } = await invite(admin, { organizationId: branch.id });
    expect(created.organizationIds).toEqual([branch.id]);
    expect((await smtp.waitFor(email)).decoded).toContain('You are invited to join Harbor');
    await new Session({ host: api.host }).api.users.register({ email, password: STRONG_PASSWORD, termsVersion: '1.0', inviteCode: code });
    const member = new Session({ host: api.host });
    await member.authenticate(email, STRONG_PASSWORD);
    const rootPatient = await admin.api.endusers.createOne({ fname: 'Root' });
    const branchPatient = await member.api.endusers.createOne({ fname: 'Harbor' });
    expect((await member.api.endusers.getSome()).map((e) => e.id)).toEqual([branchPatient.id]);
    expect((await admin.api.endusers.getSome()).map((e) => e.id)).toEqual(expect.arrayContaining([rootPatient.id, branchPatient.id]));
  });

  test('submit-email-verification trades the mailed code for a session, once', async () => {
    const { email, created, code } = await invite(admin);
    const anonymous = new Session({ host: api.host });
    await expect(anonymous.api.users.submit_email_verification({ email: uniqueEmail('other'), code })).rejects.toMatchObject({ message: INVALID_INVITATION });
    const { authToken, user } = await anonymous.api.users.submit_email_verification({ email, code });
    expect(user).toMatchObject({ id: created.id, email, verifiedEmail: true });
    await expect(new Session({ host: api.host, authToken }).test_authenticated()).resolves.toBe('Authenticated!');
    await expect(anonymous.api.users.submit_email_verification({ email, code })).rejects.toMatchObject({ message: INVALID_INVITATION });
    await expect(anonymous.api.users.register({ email, password: STRONG_PASSWORD, termsVersion: '1.0', inviteCode: code })).rejects.toMatchObject({
      message: INVALID_INVITATION,
    });
  });

  test('invite-existing-user-to-organization moves a staff member into the caller’s organization and tells them', async () => {
    const branch = await subOrganization(admin, 'Ridge');
    // Registered: moved to the root, signed out everywhere, told by mail.
    const { email, created, code } = await invite(admin, { organizationId: branch.id });
    await new Session({ host: api.host }).api.users.register({ email, password: STRONG_PASSWORD, termsVersion: '1.0', inviteCode: code });
    const member = new Session({ host: api.host });
    await member.authenticate(email, STRONG_PASSWORD);
    // Assigned to the member: a non-admin without a configured role sees only endusers assigned to them (docs/contract/access.md#visibility-filters), once in the right organization.
    const rootPatient = await admin.api.endusers.createOne({ fname: 'Root', assignedTo: [created.id] });
    await expect(member.api.endusers.getOne(rootPatient.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });

    await expect(admin.api.users.send_invitation_to_existing({ userId: created.id })).resolves.toEqual({});
    expect((await admin.api.users.getOne(created.id)).organizationIds).toEqual([]);
    await expect(member.test_authenticated()).rejects.toBe('Unauthenticated');
    expect((await smtp.waitFor(email, { index: 1 })).decoded).toMatch(/Subject: You have joined /);
    await member.authenticate(email, STRONG_PASSWORD);
    await expect(member.api.endusers.getOne(rootPatient.id)).resolves.toMatchObject({ fname: 'Root' });

    // Not registered yet: a fresh invitation link.
    const pending = await invite(admin);
    await admin.api.users.send_invitation_to_existing({ userId: pending.created.id });
    const fresh = inviteCodeIn(await smtp.waitFor(pending.email, { index: 1 }));
    await expect(new Session({ host: api.host }).api.users.register({ email: pending.email, password: STRONG_PASSWORD, termsVersion: '1.0', inviteCode: fresh })).resolves.toEqual({});

    const staff = await createStaff(api, admin);
    await expect(staff.session.api.users.send_invitation_to_existing({ userId: created.id })).rejects.toMatchObject({ message: ADMIN_ONLY });
    const elsewhere = await adminSession(api.host, await createTenant(api.dataSource));
    await expect(elsewhere.api.users.send_invitation_to_existing({ userId: created.id })).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    expect((await admin.api.users.getOne(created.id)).organizationIds).toEqual([]);
  });

  test('configure-inbox sets the username and names, unique within the business, and answers a session', async () => {
    const staff = await createStaff(api, admin);
    const colleague = await createStaff(api, admin);
    const username = `inbox-${randomBytes(3).toString('hex')}`;
    const { authToken, user } = (await staff.session.api.users.configure_inbox({ username, fname: 'sam', lname: 'Staff' })) as unknown as { authToken: string; user: User };
    expect(user).toMatchObject({ id: staff.user.id, username, fname: 'Sam', lname: 'Staff' });
    await expect(new Session({ host: api.host, authToken }).test_authenticated()).resolves.toBe('Authenticated!');
    expect(tokenClaims(authToken).sub).toBe(staff.user.id);
    await expect(colleague.session.api.users.configure_inbox({ username, fname: 'Other', lname: 'Person' })).rejects.toMatchObject({ message: 'Uniqueness Violation' });
    await expect(colleague.session.api.users.configure_inbox({ username: 'Not Valid', fname: 'Other', lname: 'Person' })).rejects.toMatchObject({
      message: 'Error parsing field username: Invalid username',
    });
    await expect(colleague.session.api.users.configure_inbox({ username: 'fine-name' } as never)).rejects.toMatchObject({ message: 'Value not provided for required field: fname' });
    expect((await admin.api.users.getOne(colleague.user.id)).username).toBeUndefined();
  });

  test('create-and-join: an Admin founds a sub-organization and moves into it, never leaving an organization without an Admin', async () => {
    const own = await createTenant(api.dataSource);
    const founder = await adminSession(api.host, own);
    const subdomain = () => `joined-${randomBytes(4).toString('hex')}`;
    await expect(founder.api.organizations.create_and_join({ name: 'Solo', subdomain: subdomain() })).rejects.toMatchObject({
      message: 'Add another Admin to this organization before leaving it',
    });
    const staff = await createStaff(api, founder);
    await expect(staff.session.api.organizations.create_and_join({ name: 'Nope', subdomain: subdomain() })).rejects.toMatchObject({ message: ADMIN_ONLY });
    const second = await createStaff(api, founder, { roles: ['Admin'] });
    await expect(second.session.api.organizations.create_and_join({ name: 'Taken', subdomain: own.subdomain })).rejects.toMatchObject({ message: 'Uniqueness Violation' });

    const rootPatient = await founder.api.endusers.createOne({ fname: 'Root' });
    const name = 'Lakeside';
    const answer = await second.session.api.organizations.create_and_join({ name, subdomain: subdomain() });
    expect(answer.organization).toMatchObject({ name, businessId: own.businessId, parentOrganizationId: own.businessId, owner: second.user.id });
    expect(answer.user).toMatchObject({ id: second.user.id, organizationIds: [answer.organization.id], roles: ['Admin'] });
    await expect(second.session.test_authenticated()).rejects.toBe('Unauthenticated');

    const joined = new Session({ host: api.host, authToken: answer.authToken });
    await expect(joined.test_authenticated()).resolves.toBe('Authenticated!');
    expect(tokenClaims(answer.authToken).sub).toBe(second.user.id);
    await expect(joined.api.endusers.getOne(rootPatient.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    const lakePatient = await joined.api.endusers.createOne({ fname: 'Lake' });
    expect(lakePatient.organizationIds).toEqual([answer.organization.id]);
    expect((await founder.api.endusers.getSome()).map((e) => e.id)).toEqual(expect.arrayContaining([rootPatient.id, lakePatient.id]));
    expect((await founder.api.organizations.getSome()).map((o) => o.id)).toContain(answer.organization.id);
  });

  test('reset-demo empties the business but its organizations, staff and keys; only the root admin may; never in production', async () => {
    const demo = await createTenant(api.dataSource);
    const demoAdmin = await adminSession(api.host, demo);
    const staff = await createStaff(api, demoAdmin);
    const patient = await demoAdmin.api.endusers.createOne({ fname: 'Demo' });
    await demoAdmin.api.tickets.createOne({ title: 'Demo ticket', enduserId: patient.id });
    const otherPatient = await admin.api.endusers.createOne({ fname: 'Kept elsewhere' });

    await expect(staff.session.reset_db()).rejects.toMatchObject({ message: 'Only the root organization admin can do this' });
    expect((await demoAdmin.api.endusers.getSome()).length).toBe(1);
    await demoAdmin.reset_db();
    expect(await demoAdmin.api.endusers.getSome()).toEqual([]);
    expect(await demoAdmin.api.tickets.getSome()).toEqual([]);
    expect((await demoAdmin.api.users.getSome()).map((u) => u.id)).toEqual(expect.arrayContaining([demoAdmin.userInfo.id, staff.user.id]));
    await expect(staff.session.test_authenticated()).resolves.toBe('Authenticated!');
    await expect(admin.api.endusers.getOne(otherPatient.id)).resolves.toMatchObject({ fname: 'Kept elsewhere' });

    const production = await startIdentityApi({ NODE_ENV: 'production' });
    try {
      const signedIn = await adminSession(production.host, demo);
      await demoAdmin.api.endusers.createOne({ fname: 'Survivor' });
      const refused = await callWith(production.host, `Bearer ${signedIn.authToken}`, '/reset-demo', { method: 'POST', body: '{}' });
      expect(refused).toEqual({ status: 403, body: { message: 'reset-demo is not available in production', info: {}, code: 403 } });
      expect((await demoAdmin.api.endusers.getSome()).map((e) => e.fname)).toEqual(['Survivor']);
    } finally {
      await production.stop();
    }
  });
});
