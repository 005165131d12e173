import { EnduserSession, Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { createEnduser, createStaff, uniqueEmail, type IdentityApi } from './support';
import { useTenantSuite } from './tenant-suite';

const FORBIDDEN = 'You do not have access to this resource';

describe('access control: the role and enduser rules of seeds 000 §6 on the generic calls', () => {
  const suite = useTenantSuite();
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  let colleague: Awaited<ReturnType<typeof createStaff>>;

  beforeAll(async () => {
    ({ api, tenant, admin } = suite);
    staff = await createStaff(api, admin);
    colleague = await createStaff(api, admin);
  });

  const userIds = async () => (await admin.api.users.getSome()).map((u) => u.id).sort();

  test('only an Admin creates and deletes users: a non-admin gets 403 and nothing changes', async () => {
    const before = await userIds();
    await expect(staff.session.api.users.createOne({ email: uniqueEmail('nope') } as never)).rejects.toMatchObject({ message: 'Admin access only' });
    await expect(staff.session.api.users.createSome([{ email: uniqueEmail('nope') }] as never)).rejects.toMatchObject({ message: 'Admin access only' });
    await expect(staff.session.api.users.deleteOne(colleague.user.id)).rejects.toMatchObject({ message: 'Admin access only' });
    expect(await userIds()).toEqual(before);

    const made = await admin.api.users.createOne({ email: uniqueEmail('made'), fname: 'Made' } as never);
    expect(made).not.toHaveProperty('hashedPassword');
    await admin.api.users.deleteOne(made.id);
    expect(await userIds()).toEqual(before);
  });

  test('a non-admin may edit their own profile, but not their roles, their email or anyone else', async () => {
    await expect(staff.session.api.users.updateOne(staff.user.id, { fname: 'Renamed' })).resolves.toMatchObject({ fname: 'Renamed' });
    await expect(staff.session.api.users.updateOne(staff.user.id, { roles: ['Admin'] }, { replaceObjectFields: true })).rejects.toMatchObject({
      message: 'Only Admin users can assign the Admin role',
    });
    await expect(staff.session.api.users.updateOne(staff.user.id, { roles: ['Supervisor'] }, { replaceObjectFields: true })).rejects.toMatchObject({
      message: 'Only admin users can update user roles',
    });
    await expect(staff.session.api.users.updateOne(staff.user.id, { roles: [] }, { replaceObjectFields: true })).rejects.toMatchObject({
      message: 'Only admin users can update user roles',
    });
    await expect(staff.session.api.users.updateOne(staff.user.id, { email: uniqueEmail('moved') })).rejects.toMatchObject({
      message: 'Only admin users can update user email',
    });
    await expect(staff.session.api.users.updateOne(colleague.user.id, { fname: 'Hijacked' })).rejects.toMatchObject({
      message: "Only admin users can update others' profiles",
    });
    const stored = await admin.api.users.getOne(staff.user.id);
    expect(stored).toMatchObject({ fname: 'Renamed', roles: ['Non-Admin'], email: staff.email });
    expect((await admin.api.users.getOne(colleague.user.id)).fname).toBe('Staff');
  });

  test("user organizationIds are readonly, for Admins too", async () => {
    await expect(admin.api.users.updateOne(admin.userInfo.id, { organizationIds: [] } as never)).rejects.toMatchObject({ message: 'User organizationIds are readonly' });
    await expect(staff.session.api.users.updateOne(staff.user.id, { organizationIds: ['0123456789abcdef01234567'] } as never)).rejects.toMatchObject({
      message: 'User organizationIds are readonly',
    });
  });

  test('an Admin assigns roles, and the changed account must sign in again', async () => {
    const member = await createStaff(api, admin);
    await expect(member.session.test_authenticated()).resolves.toBe('Authenticated!');
    await expect(admin.api.users.updateOne(member.user.id, { roles: ['Supervisor'] }, { replaceObjectFields: true })).resolves.toMatchObject({ roles: ['Supervisor'] });
    await expect(member.session.test_authenticated()).rejects.toBe('Unauthenticated');

    const again = new Session({ host: api.host });
    await again.authenticate(member.email, member.password);
    expect(again.userInfo).toMatchObject({ roles: ['Supervisor'] });
    await expect(again.test_authenticated()).resolves.toBe('Authenticated!');
  });

  test('an enduser reads and updates only their own profile, and never staff-only fields', async () => {
    const me = await createEnduser(api.host, admin, tenant);
    const other = await createEnduser(api.host, admin, tenant);

    await expect(me.session.api.endusers.updateOne(me.enduser.id, { fname: 'Sebastian', lname: 'Coates' })).resolves.toMatchObject({ fname: 'Sebastian', lname: 'Coates' });
    await expect(me.session.api.endusers.updateOne(other.enduser.id, { fname: "Shouldn't Work" })).rejects.toMatchObject({
      message: 'Endusers may only update their own profile',
    });
    await expect(me.session.api.endusers.updateOne(me.enduser.id, { organizationIds: [] } as never)).rejects.toMatchObject({
      message: 'organizationIds cannot be updated by endusers',
    });
    await expect(me.session.api.endusers.updateOne(me.enduser.id, { assignedTo: [me.enduser.id] })).rejects.toMatchObject({
      message: 'assignedTo cannot be updated by endusers',
    });
    await expect(me.session.api.endusers.updateOne(me.enduser.id, { tags: ['vip'] })).rejects.toMatchObject({ message: 'tags cannot be updated by endusers' });

    await expect(me.session.api.endusers.getOne(other.enduser.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    expect((await me.session.api.endusers.getSome()).map((e) => e.id)).toEqual([me.enduser.id]);
    // A filter naming someone else's id must not widen what the enduser sees.
    expect(await me.session.api.endusers.getSome({ filter: { _id: other.enduser.id } } as never)).toEqual([]);
    expect(await me.session.api.endusers.getSome({ filter: { id: other.enduser.id } } as never)).toEqual([]);
    await expect(me.session.api.endusers.getOne({ _id: other.enduser.id } as never)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    expect((await me.session.api.endusers.getByIds({ ids: [other.enduser.id, me.enduser.id] })).matches.map((e) => e.id)).toEqual([me.enduser.id]);
    await expect(me.session.api.endusers.createOne({ email: uniqueEmail('child') })).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(me.session.api.endusers.deleteOne(me.enduser.id)).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(me.session.api.users.getSome()).rejects.toMatchObject({ message: FORBIDDEN });

    expect(await admin.api.endusers.getOne(other.enduser.id)).toMatchObject({ fname: 'Pat' });
    const mine = await admin.api.endusers.getOne(me.enduser.id);
    expect(mine).toMatchObject({ fname: 'Sebastian' });
    expect(mine.assignedTo ?? []).toEqual([]);
    expect(mine.tags ?? []).toEqual([]);
  });

  test('a ticket created by an enduser must carry their own id', async () => {
    const me = await createEnduser(api.host, admin, tenant);
    const other = await createEnduser(api.host, admin, tenant);
    await expect(me.session.api.tickets.createOne({ enduserId: other.enduser.id, title: 'Not mine' })).rejects.toMatchObject({
      message: 'enduserId does not match creator id for enduser session',
    });
    const ticket = await me.session.api.tickets.createOne({ enduserId: me.enduser.id, title: 'Mine' });
    expect(ticket).toMatchObject({ enduserId: me.enduser.id, creator: me.enduser.id });
    const staffTicket = await admin.api.tickets.createOne({ enduserId: other.enduser.id, title: 'Theirs' });
    expect((await me.session.api.tickets.getSome()).map((t) => t.id)).toEqual([ticket.id]);
    await expect(me.session.api.tickets.getOne(staffTicket.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    expect((await admin.api.tickets.getSome({ filter: { enduserId: other.enduser.id } })).map((t) => t.title)).toEqual(['Theirs']);
  });

  test('ownership: only the owner changes it, and only the creator sets the first owner', async () => {
    const secondAdmin = await createStaff(api, admin, { roles: ['Admin'] });
    const organization = await admin.api.organizations.getOne(tenant.businessId);
    expect(organization.owner).toBe(admin.userInfo.id);

    await expect(secondAdmin.session.api.organizations.updateOne(tenant.businessId, { owner: secondAdmin.user.id })).rejects.toMatchObject({
      message: 'Only owner can change ownership',
    });
    await admin.api.organizations.updateOne(tenant.businessId, { owner: null } as never);
    await expect(secondAdmin.session.api.organizations.updateOne(tenant.businessId, { owner: secondAdmin.user.id })).rejects.toMatchObject({
      message: 'Only creator can set initial owner',
    });
    expect((await admin.api.organizations.getOne(tenant.businessId)).owner).toBeUndefined();
    await expect(admin.api.organizations.updateOne(tenant.businessId, { owner: secondAdmin.user.id })).resolves.toMatchObject({ owner: secondAdmin.user.id });
    await expect(admin.api.organizations.updateOne(tenant.businessId, { owner: admin.userInfo.id })).rejects.toMatchObject({
      message: 'Only owner can change ownership',
    });
    await expect(secondAdmin.session.api.organizations.updateOne(tenant.businessId, { owner: admin.userInfo.id })).resolves.toMatchObject({
      owner: admin.userInfo.id,
    });
  });

  test("another organization's admin and an anonymous caller see nothing", async () => {
    const otherTenant = await createTenant(api.dataSource);
    const otherAdmin = await adminSession(api.host, otherTenant);
    await expect(otherAdmin.api.users.getOne(staff.user.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    await expect(otherAdmin.api.users.updateOne(staff.user.id, { fname: 'Hacked' })).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    await expect(otherAdmin.api.users.deleteOne(staff.user.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    expect((await otherAdmin.api.users.getSome()).map((u) => u.id)).not.toContain(staff.user.id);

    const anonymous = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken: '' });
    await expect(anonymous.api.endusers.getSome()).rejects.toBe('Unauthenticated');
    await expect(new Session({ host: api.host, authToken: '' }).api.users.getSome()).rejects.toBe('Unauthenticated');
    expect((await admin.api.users.getOne(staff.user.id)).fname).not.toBe('Hacked');
  });

  test("an authenticated call never trusts a businessId or organizationIds in its payload", async () => {
    const otherTenant = await createTenant(api.dataSource);
    const attempt = await admin.api.endusers
      .createOne({ fname: 'Placed', businessId: otherTenant.businessId } as never)
      .then((record) => ({ record }), (error: { message: string }) => ({ error }));
    if ('record' in attempt) {
      expect(attempt.record.businessId).toBe(tenant.businessId);
    } else {
      expect(attempt.error.message).toMatch(/businessId/);
    }
    const [{ count }] = await api.dataSource.query(`SELECT count(*)::int AS count FROM endusers WHERE "businessId" = $1`, [otherTenant.businessId]);
    expect(count).toBe(0);

    const me = await createEnduser(api.host, admin, tenant);
    await expect(me.session.api.endusers.updateOne(me.enduser.id, { organizationIds: ['0123456789abcdef01234567'] } as never)).rejects.toMatchObject({
      message: 'organizationIds cannot be updated by endusers',
    });
  });

  test('a uniqueness error names no record', async () => {
    const title = `Unique ${uniqueEmail('db')}`;
    const database = { title, fields: [{ type: 'Text', label: 'Name' }] };
    await admin.api.databases.createOne(database as never);
    const response = await fetch(`${api.host}/v1/database`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.authToken}` },
      body: JSON.stringify(database),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.message).toBe('Uniqueness Violation');
    expect(JSON.stringify(body)).not.toMatch(/[0-9a-f]{24}/);
  });
});
