import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { callWith, createStaff, type IdentityApi } from './support';
import { useTenantSuite } from './tenant-suite';

type Organization = { id: string; name: string; subdomain: string; businessId: string; parentOrganizationId?: string; organizationIds?: string[] };

describe('sub-organizations and organization scope', () => {
  const suite = useTenantSuite();
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ api, tenant, admin } = suite));

  const subdomain = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;
  const createSub = async (session: Session, name: string, sub = subdomain('sub')) =>
    ((await session.api.organizations.create_suborganization({ name, subdomain: sub })) as unknown as { created: Organization }).created;

  /**
   * Staff of a sub-organization. Joining one is the invitation flow's job (not part of this work), so
   * the fixture places the account by writing its organizationIds, then signs in again.
   */
  const memberOf = async (path: string[], roles = ['Admin']) => {
    const member = await createStaff(api, admin, { roles });
    await api.dataSource.getRepository('users').update({ _id: member.user.id }, { organizationIds: path });
    const session = new Session({ host: api.host });
    await session.authenticate(member.email, member.password);
    return { ...member, session };
  };

  test('only an Admin creates one; name and subdomain are checked; a taken subdomain is a Uniqueness Violation', async () => {
    const staff = await createStaff(api, admin);
    await expect(staff.session.api.organizations.create_suborganization({ name: 'Nope', subdomain: subdomain('nope') })).rejects.toMatchObject({ message: 'Admin access only' });
    await expect(admin.api.organizations.create_suborganization({ name: 'Bad', subdomain: 'Not Valid!' })).rejects.toMatchObject({
      message: 'Error parsing field subdomain: Invalid subdomain',
    });
    await expect(admin.api.organizations.create_suborganization({ subdomain: subdomain('x') } as never)).rejects.toMatchObject({ message: 'Value not provided for required field: name' });

    const sub = subdomain('north');
    const created = await createSub(admin, 'North Clinic', sub);
    expect(created).toMatchObject({ name: 'North Clinic', subdomain: sub, businessId: tenant.businessId, parentOrganizationId: tenant.businessId });
    const elsewhere = await adminSession(api.host, await createTenant(api.dataSource));
    await expect(elsewhere.api.organizations.create_suborganization({ name: 'Copy', subdomain: sub })).rejects.toMatchObject({ message: 'Uniqueness Violation' });
    await expect(admin.api.organizations.create_suborganization({ name: 'Copy', subdomain: tenant.subdomain })).rejects.toMatchObject({ message: 'Uniqueness Violation' });
    const theme = await callWith(api.host, 'Bearer ', `/v1/organization-info?subdomain=${sub}`);
    expect(theme).toMatchObject({ status: 200, body: { theme: { name: 'North Clinic', businessId: tenant.businessId, organizationIds: [created.id] } } });
  });

  test('root sees everything; a sub-organization sees itself and below, not its parent or siblings', async () => {
    const north = await createSub(admin, 'North');
    const south = await createSub(admin, 'South');
    const northStaff = await memberOf([north.id]);
    const southStaff = await memberOf([south.id]);
    const northEast = await createSub(northStaff.session, 'North East');
    expect(northEast).toMatchObject({ parentOrganizationId: north.id, organizationIds: [north.id] });
    const northEastStaff = await memberOf([north.id, northEast.id]);

    const rootPatient = await admin.api.endusers.createOne({ fname: 'Root' });
    const northPatient = await northStaff.session.api.endusers.createOne({ fname: 'North' });
    const northEastPatient = await northEastStaff.session.api.endusers.createOne({ fname: 'Northeast' });
    expect(northPatient.organizationIds).toEqual([north.id]);
    expect(northEastPatient.organizationIds).toEqual([north.id, northEast.id]);

    const ids = async (session: Session) => (await session.api.endusers.getSome()).map((e) => e.id);
    expect(await ids(admin)).toEqual(expect.arrayContaining([rootPatient.id, northPatient.id, northEastPatient.id]));
    expect((await ids(northStaff.session)).sort()).toEqual([northPatient.id, northEastPatient.id].sort());
    expect(await ids(northEastStaff.session)).toEqual([northEastPatient.id]);
    expect(await ids(southStaff.session)).toEqual([]);

    const notFound = { message: 'Could not find a record for the given id' };
    await expect(northStaff.session.api.endusers.getOne(rootPatient.id)).rejects.toMatchObject(notFound);
    await expect(northEastStaff.session.api.endusers.getOne(northPatient.id)).rejects.toMatchObject(notFound);
    await expect(southStaff.session.api.endusers.updateOne(northPatient.id, { fname: 'Taken' })).rejects.toMatchObject(notFound);
    await expect(southStaff.session.api.endusers.deleteOne(northPatient.id)).rejects.toMatchObject(notFound);
    expect((await admin.api.endusers.getOne(northPatient.id)).fname).toBe('North');

    const orgIds = async (session: Session) => (await session.api.organizations.getSome()).map((o) => o.id).sort();
    expect(await orgIds(northStaff.session)).toEqual([north.id, northEast.id].sort());
    expect(await orgIds(northEastStaff.session)).toEqual([northEast.id]);
    expect(await orgIds(admin)).toEqual(expect.arrayContaining([tenant.businessId, north.id, south.id, northEast.id]));
    await expect(northStaff.session.api.organizations.getOne(tenant.businessId)).rejects.toMatchObject(notFound);

    const staffIds = async (session: Session) => ((await callWith(api.host, `Bearer ${session.authToken}`, '/v1/user-display-info')).body as { id: string }[]).map((u) => u.id);
    expect(await staffIds(northStaff.session)).toEqual(expect.arrayContaining([northStaff.user.id, northEastStaff.user.id]));
    expect(await staffIds(northStaff.session)).not.toContain(southStaff.user.id);
    expect(await staffIds(admin)).toEqual(expect.arrayContaining([northStaff.user.id, southStaff.user.id]));
  });

  test("a sub-organization's Admin cannot mint tokens for, or set passwords of, accounts above it", async () => {
    const branch = await createSub(admin, 'Branch');
    const branchAdmin = await memberOf([branch.id]);
    const rootPatient = await admin.api.endusers.createOne({ fname: 'Root', email: `root-${Date.now()}@example.com` });
    const branchPatient = await branchAdmin.session.api.endusers.createOne({ fname: 'Branch' });
    await expect(branchAdmin.session.api.users.generate_auth_token({ id: admin.userInfo.id })).rejects.toMatchObject({
      message: 'Could not find a corresponding user or enduser',
    });
    await expect(branchAdmin.session.api.endusers.generate_auth_token({ id: rootPatient.id })).rejects.toMatchObject({ message: 'Could not find a corresponding enduser' });
    await expect(branchAdmin.session.api.endusers.set_password({ id: rootPatient.id, password: 'Taken-over-1' })).rejects.toMatchObject({
      message: 'Could not find a record for the given id',
    });
    const { authToken } = await admin.api.endusers.generate_auth_token({ id: rootPatient.id });
    await expect(branchAdmin.session.api.endusers.is_authenticated({ authToken })).resolves.toEqual({ isAuthenticated: false, enduser: null });
    await expect(branchAdmin.session.api.endusers.generate_auth_token({ id: branchPatient.id })).resolves.toMatchObject({ enduser: { id: branchPatient.id } });
  });

  test('a record shared with a sub-organization becomes visible to it, and only to it', async () => {
    const east = await createSub(admin, 'East');
    const west = await createSub(admin, 'West');
    const eastStaff = await memberOf([east.id], ['Non-Admin']);
    const westStaff = await memberOf([west.id], ['Non-Admin']);
    // Assigned to both: a non-admin without a configured role sees only endusers assigned to them (docs/contract/access.md#visibility-filters); the organization decides the rest.
    const patient = await admin.api.endusers.createOne({ fname: 'Shared', assignedTo: [eastStaff.user.id, westStaff.user.id] });
    await expect(eastStaff.session.api.endusers.getOne(patient.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    // Sharing is a staff update of sharedWithOrganizations (a list of organization paths); written directly here.
    await api.dataSource.getRepository('endusers').update({ _id: patient.id }, { sharedWithOrganizations: [[east.id]] });
    await expect(eastStaff.session.api.endusers.getOne(patient.id)).resolves.toMatchObject({ fname: 'Shared' });
    await expect(westStaff.session.api.endusers.getOne(patient.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
  });

  test('sharedWithOrganizations is written by an Admin of the owning organization, refused with a clear message for others', async () => {
    const east = await createSub(admin, 'East share');
    const eastStaff = await memberOf([east.id], ['Non-Admin']);
    const eastAdmin = await memberOf([east.id], ['Admin']);
    const rootStaff = await createStaff(api, admin, { roles: ['Non-Admin'] });
    // Assigned to the non-admins, who see only endusers assigned to them (docs/contract/access.md#visibility-filters): what refuses them is the sharing rule.
    const patient = await admin.api.endusers.createOne({ fname: 'Sharing', assignedTo: [rootStaff.user.id, eastStaff.user.id] });

    const refused = { message: 'Only an Admin of the organization that owns this record can change sharedWithOrganizations' };
    await expect(rootStaff.session.api.endusers.updateOne(patient.id, { sharedWithOrganizations: [[east.id]] } as never)).rejects.toMatchObject(refused);
    await expect(admin.api.endusers.updateOne(patient.id, { sharedWithOrganizations: [['0123456789abcdef01234567']] } as never)).rejects.toMatchObject({
      message: 'Error parsing field sharedWithOrganizations: Unknown organization',
    });
    await expect(admin.api.endusers.updateOne(patient.id, { sharedWithOrganizations: 'east' } as never)).rejects.toMatchObject({
      message: 'Error parsing field sharedWithOrganizations: Expecting a list of organization paths (lists of ids)',
    });
    await expect(eastStaff.session.api.endusers.getOne(patient.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });

    await admin.api.endusers.updateOne(patient.id, { sharedWithOrganizations: [[east.id]] } as never);
    expect((await admin.api.endusers.getOne(patient.id)).sharedWithOrganizations).toEqual([[east.id]]);
    await expect(eastStaff.session.api.endusers.getOne(patient.id)).resolves.toMatchObject({ fname: 'Sharing' });
    // The east Admin sees the shared record but does not own it: no re-sharing.
    await expect(eastAdmin.session.api.endusers.updateOne(patient.id, { sharedWithOrganizations: [] } as never)).rejects.toMatchObject(refused);
    // Echoing the record back unchanged is not a change of sharing.
    await expect(rootStaff.session.api.endusers.updateOne(patient.id, { fname: 'Sharing', sharedWithOrganizations: [[east.id]] } as never)).resolves.toMatchObject({ fname: 'Sharing' });
  });

  // An enduser's organizationIds are changed by users only (docs/contract/access.md#organization-scope).
  test('updateOne replaces organizationIds with a path at or below the caller; the new organization then sees the enduser', async () => {
    const north = await createSub(admin, 'Move North');
    const south = await createSub(admin, 'Move South');
    const northStaff = (await memberOf([north.id])).session;
    const patient = await admin.api.endusers.createOne({ fname: 'Moving' });
    await expect(northStaff.api.endusers.getOne(patient.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });

    // Replaced, not appended to (the reference client's "don't push by default").
    expect((await admin.api.endusers.updateOne(patient.id, { organizationIds: [north.id] })).organizationIds).toEqual([north.id]);
    expect((await admin.api.endusers.updateOne(patient.id, { organizationIds: [north.id] })).organizationIds).toEqual([north.id]);
    expect((await northStaff.api.endusers.getOne(patient.id)).id).toBe(patient.id);

    // A sub-organization cannot move an enduser out of its reach, nor name an organization that is not one.
    await expect(northStaff.api.endusers.updateOne(patient.id, { organizationIds: [south.id] })).rejects.toMatchObject({
      message: 'Error parsing field organizationIds: Only organizations at or below your own may be named',
    });
    await expect(admin.api.endusers.updateOne(patient.id, { organizationIds: [patient.id] })).rejects.toMatchObject({
      message: 'Error parsing field organizationIds: Unknown organization',
    });
    expect((await admin.api.endusers.getOne(patient.id)).organizationIds).toEqual([north.id]);
  });
});
