import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import type { Tenant } from '../support/tenant';
import { createStaff, uniqueEmail, type IdentityApi } from './support';
import { useTenantSuite } from './tenant-suite';

const FORBIDDEN = 'You do not have access to this resource';
const NOT_FOUND = 'Could not find a record for the given id';
const ROOT_ADMIN_ONLY = 'Only the root organization admin can do this';

type Level = 'All' | 'Assigned' | 'Default' | null;
const levels = (create: Level, read: Level, update: Level, del: Level) => ({ create, read, update, delete: del });

describe('role permission matrix: All, Assigned, Default and none per resource for non-admin staff', () => {
  const suite = useTenantSuite();
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ api, tenant, admin } = suite));

  const roleName = (label: string) => `${label}-${randomBytes(3).toString('hex')}`;

  /** A role record written by the root admin, and a staff member holding only that role. */
  const staffWithRole = async (permissions: Record<string, ReturnType<typeof levels>>) => {
    const role = roleName('role');
    const record = await admin.api.role_based_access_permissions.createOne({ role, permissions } as never);
    const staff = await createStaff(api, admin, { roles: [role] });
    return { ...staff, role, record };
  };

  test('only the root admin writes role records; everyone reads them; Admin is not a configurable role; roles are unique', async () => {
    const role = roleName('coordinator');
    const permissions = { endusers: levels('All', 'All', 'Assigned', null) };
    const record = await admin.api.role_based_access_permissions.createOne({ role, permissions } as never);
    expect(record).toMatchObject({ role, permissions });

    await expect(admin.api.role_based_access_permissions.createOne({ role: 'Admin', permissions } as never)).rejects.toMatchObject({
      message: "role must not be 'Admin'",
    });
    await expect(admin.api.role_based_access_permissions.createOne({ role, permissions } as never)).rejects.toMatchObject({ message: 'Uniqueness Violation' });

    const staff = await createStaff(api, admin);
    await expect(staff.session.api.role_based_access_permissions.getOne(record.id)).resolves.toMatchObject({ role });
    await expect(staff.session.api.role_based_access_permissions.createOne({ role: roleName('x'), permissions } as never)).rejects.toMatchObject({
      message: ROOT_ADMIN_ONLY,
    });
    await expect(staff.session.api.role_based_access_permissions.updateOne(record.id, { role: 'renamed' })).rejects.toMatchObject({ message: ROOT_ADMIN_ONLY });

    // An Admin of a sub-organization is not the root admin: reads, but never writes.
    const { created: branch } = (await admin.api.organizations.create_suborganization({ name: 'Branch', subdomain: roleName('branch') })) as unknown as {
      created: { id: string };
    };
    const branchAdmin = await createStaff(api, admin, { roles: ['Admin'] });
    await api.dataSource.getRepository('users').update({ _id: branchAdmin.user.id }, { organizationIds: [branch.id] });
    expect((await branchAdmin.session.api.role_based_access_permissions.getSome()).map((r) => r.id)).toContain(record.id);
    await expect(branchAdmin.session.api.role_based_access_permissions.updateOne(record.id, { role: 'renamed' })).rejects.toMatchObject({
      message: ROOT_ADMIN_ONLY,
    });
    await expect(branchAdmin.session.api.role_based_access_permissions.deleteOne(record.id)).rejects.toMatchObject({ message: ROOT_ADMIN_ONLY });
    await expect(branchAdmin.session.api.role_based_access_permissions.createOne({ role: roleName('y'), permissions } as never)).rejects.toMatchObject({
      message: ROOT_ADMIN_ONLY,
    });
    expect(await admin.api.role_based_access_permissions.getOne(record.id)).toMatchObject({ role });
  });

  test('null refuses every call on the resource with 403, generic and named alike, and nothing changes', async () => {
    const patient = await admin.api.endusers.createOne({ fname: 'Hidden', email: uniqueEmail('hidden') });
    const staff = await staffWithRole({ endusers: levels(null, null, null, null) });
    const refused = { message: FORBIDDEN };
    await expect(staff.session.api.endusers.getSome()).rejects.toMatchObject(refused);
    await expect(staff.session.api.endusers.getOne(patient.id)).rejects.toMatchObject(refused);
    await expect(staff.session.api.endusers.getByIds({ ids: [patient.id] })).rejects.toMatchObject(refused);
    await expect(staff.session.api.endusers.createOne({ fname: 'New' })).rejects.toMatchObject(refused);
    await expect(staff.session.api.endusers.updateOne(patient.id, { fname: 'Changed' })).rejects.toMatchObject(refused);
    await expect(staff.session.api.endusers.deleteOne(patient.id)).rejects.toMatchObject(refused);
    await expect(staff.session.api.endusers.set_password({ id: patient.id, password: 'Taken-over-1' })).rejects.toMatchObject(refused);
    expect(await admin.api.endusers.getOne(patient.id)).toMatchObject({ fname: 'Hidden' });
    // Other resources keep their default.
    await expect(staff.session.api.forms.getSome()).resolves.toEqual(expect.any(Array));
  });

  test("Assigned reads page through only the caller's endusers, with the filter in the query", async () => {
    const staff = await staffWithRole({ endusers: levels('Assigned', 'Assigned', 'Assigned', 'Assigned') });
    const mine: string[] = [];
    for (let i = 0; i < 12; i++) {
      const assignedTo = i % 3 === 0 ? [staff.user.id] : [admin.userInfo.id];
      const created = await admin.api.endusers.createOne({ fname: `Patient${i}`, assignedTo });
      if (i % 3 === 0) mine.push(created.id);
    }
    // Pages of two, newest first: each page full until the caller's records run out.
    const seen: string[] = [];
    let lastId: string | undefined;
    for (;;) {
      const page = await staff.session.api.endusers.getSome({ limit: 2, ...(lastId ? { lastId } : {}) });
      seen.push(...page.map((e) => e.id));
      if (page.length < 2) break;
      lastId = page[page.length - 1].id;
    }
    expect(seen).toEqual([...mine].reverse());

    const others = (await admin.api.endusers.getSome()).filter((e) => !mine.includes(e.id));
    await expect(staff.session.api.endusers.getOne(others[0].id)).rejects.toMatchObject({ message: NOT_FOUND });
    await expect(staff.session.api.endusers.updateOne(others[0].id, { fname: 'Taken' })).rejects.toMatchObject({ message: NOT_FOUND });
    expect(await staff.session.api.endusers.getSome({ filter: { _id: others[0].id } } as never)).toEqual([]);
    await expect(staff.session.api.endusers.updateOne(mine[0], { fname: 'Mine' })).resolves.toMatchObject({ fname: 'Mine' });

    // Assigned creates: the new enduser must be assigned to the creator, or nothing is stored.
    const before = (await admin.api.endusers.getSome()).length;
    await expect(staff.session.api.endusers.createOne({ fname: 'Orphan' })).rejects.toMatchObject({ message: FORBIDDEN });
    expect((await admin.api.endusers.getSome()).length).toBe(before);
    await expect(staff.session.api.endusers.createOne({ fname: 'Adopted', assignedTo: [staff.user.id] })).resolves.toMatchObject({ fname: 'Adopted' });
  });

  test('reading All but updating and deleting Assigned: an unassigned record is seen, and changing it is 403', async () => {
    const staff = await staffWithRole({ endusers: levels('All', 'All', 'Assigned', 'Assigned') });
    const theirs = await admin.api.endusers.createOne({ fname: 'Theirs' });
    const mine = await admin.api.endusers.createOne({ fname: 'Mine', assignedTo: [staff.user.id] });
    await expect(staff.session.api.endusers.getOne(theirs.id)).resolves.toMatchObject({ fname: 'Theirs' });
    await expect(staff.session.api.endusers.updateOne(theirs.id, { fname: 'Changed' })).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(staff.session.api.endusers.deleteOne(theirs.id)).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(staff.session.api.endusers.set_password({ id: theirs.id, password: 'Taken-over-1' })).rejects.toMatchObject({ message: FORBIDDEN });
    expect(await admin.api.endusers.getOne(theirs.id)).toMatchObject({ fname: 'Theirs' });
    await expect(staff.session.api.endusers.updateOne(mine.id, { fname: 'Still mine' })).resolves.toMatchObject({ fname: 'Still mine' });
    await staff.session.api.endusers.deleteOne(mine.id);
    await expect(admin.api.endusers.getOne(mine.id)).rejects.toMatchObject({ message: NOT_FOUND });
  });

  test('Assigned for records about endusers follows the enduser; tickets also by owner and creator; others by creator', async () => {
    const staff = await staffWithRole({
      tickets: levels('All', 'Assigned', 'Assigned', null),
      notes: levels('All', 'Assigned', 'Assigned', 'Assigned'),
      forms: levels('All', 'Assigned', 'All', 'All'),
    });
    const assigned = await admin.api.endusers.createOne({ fname: 'Assigned', assignedTo: [staff.user.id] });
    const unassigned = await admin.api.endusers.createOne({ fname: 'Unassigned' });
    const aboutAssigned = await admin.api.tickets.createOne({ title: 'About assigned', enduserId: assigned.id });
    const owned = await admin.api.tickets.createOne({ title: 'Owned', enduserId: unassigned.id, owner: staff.user.id });
    const own = await staff.session.api.tickets.createOne({ title: 'Own' });
    const hidden = await admin.api.tickets.createOne({ title: 'Hidden', enduserId: unassigned.id, owner: admin.userInfo.id });
    expect((await staff.session.api.tickets.getSome()).map((t) => t.title).sort()).toEqual(['About assigned', 'Own', 'Owned']);
    expect(await staff.session.api.tickets.getSome({ filter: { enduserId: unassigned.id } })).toEqual([expect.objectContaining({ id: owned.id })]);
    await expect(staff.session.api.tickets.getOne(hidden.id)).rejects.toMatchObject({ message: NOT_FOUND });
    await expect(staff.session.api.tickets.updateOne(hidden.id, { title: 'Taken' })).rejects.toMatchObject({ message: NOT_FOUND });
    await expect(staff.session.api.tickets.updateOne(aboutAssigned.id, { title: 'Updated' })).resolves.toMatchObject({ title: 'Updated' });
    await expect(staff.session.api.tickets.deleteOne(own.id)).rejects.toMatchObject({ message: FORBIDDEN });

    const note = await admin.api.notes.createOne({ enduserId: assigned.id } as never);
    const otherNote = await admin.api.notes.createOne({ enduserId: unassigned.id } as never);
    const ids = (await staff.session.api.notes.getSome()).map((n) => n.id);
    expect(ids).toContain(note.id);
    expect(ids).not.toContain(otherNote.id);

    const adminForm = await admin.api.forms.createOne({ title: 'By admin' });
    const ownForm = await staff.session.api.forms.createOne({ title: 'By staff' });
    expect((await staff.session.api.forms.getSome()).map((f) => f.id)).toEqual([ownForm.id]);
    await expect(staff.session.api.forms.getOne(adminForm.id)).rejects.toMatchObject({ message: NOT_FOUND });
  });

  test('Admins are never restricted, even holding a configured role as well', async () => {
    const role = roleName('locked');
    await admin.api.role_based_access_permissions.createOne({ role, permissions: { endusers: levels(null, null, null, null) } } as never);
    const secondAdmin = await createStaff(api, admin, { roles: ['Admin', role] });
    const patient = await admin.api.endusers.createOne({ fname: 'Visible' });
    await expect(secondAdmin.session.api.endusers.getOne(patient.id)).resolves.toMatchObject({ fname: 'Visible' });
    expect((await secondAdmin.session.api.endusers.getSome()).map((e) => e.id)).toContain(patient.id);
  });

  test('several configured roles give the widest level; an unconfigured role adds nothing; edits apply on the next request', async () => {
    const locked = roleName('locked');
    const reader = roleName('reader');
    const lockedRecord = await admin.api.role_based_access_permissions.createOne({ role: locked, permissions: { endusers: levels(null, null, null, null) } } as never);
    await admin.api.role_based_access_permissions.createOne({ role: reader, permissions: { endusers: levels(null, 'All', null, null) } } as never);
    const patient = await admin.api.endusers.createOne({ fname: 'Shared' });

    const both = await createStaff(api, admin, { roles: [locked, reader] });
    await expect(both.session.api.endusers.getOne(patient.id)).resolves.toMatchObject({ fname: 'Shared' });
    await expect(both.session.api.endusers.updateOne(patient.id, { fname: 'No' })).rejects.toMatchObject({ message: FORBIDDEN });

    const withUnconfigured = await createStaff(api, admin, { roles: [locked, 'Non-Admin'] });
    await expect(withUnconfigured.session.api.endusers.getOne(patient.id)).rejects.toMatchObject({ message: FORBIDDEN });

    // The root admin opens the role: the same session reads on its next request, without signing in again.
    await admin.api.role_based_access_permissions.updateOne(lockedRecord.id, { permissions: { endusers: levels(null, 'All', null, null) } }, { replaceObjectFields: true });
    await expect(withUnconfigured.session.api.endusers.getOne(patient.id)).resolves.toMatchObject({ fname: 'Shared' });
    // Deleting the record returns the role to the built-in default: endusers assigned to them (docs/contract/access.md#visibility-filters).
    await admin.api.role_based_access_permissions.deleteOne(lockedRecord.id);
    await admin.api.endusers.updateOne(patient.id, { assignedTo: [withUnconfigured.user.id] });
    await expect(withUnconfigured.session.api.endusers.updateOne(patient.id, { fname: 'Default again' })).resolves.toMatchObject({ fname: 'Default again' });
  });

  test("an API key acts with its creator's current roles and matrix", async () => {
    const keyHolder = await createStaff(api, admin, { roles: ['Admin'] });
    const { key } = (await keyHolder.session.api.api_keys.createOne({})) as unknown as { key: string };
    const viaKey = new Session({ host: api.host, apiKey: key });
    await expect(viaKey.api.endusers.getSome()).resolves.toEqual(expect.any(Array));
    const role = roleName('no-endusers');
    await admin.api.role_based_access_permissions.createOne({ role, permissions: { endusers: levels(null, null, null, null) } } as never);
    await admin.api.users.updateOne(keyHolder.user.id, { roles: [role] }, { replaceObjectFields: true });
    await expect(viaKey.api.endusers.getSome()).rejects.toMatchObject({ message: FORBIDDEN });
  });
});
