import { EnduserSession, Session } from '@tellescope/sdk';
import { newId, RESOURCES, type ResourceDefinition } from '@carelane/db';
import { adminSession, createTenant, type Tenant } from '../../support/tenant';
import { callsFor, payloadFor, updateFor, type Adjust, type GenericCalls } from '../../support/resource-payloads';
import { createEnduser, createStaff, type IdentityApi } from '../support';
import type { Actor, MatrixRow } from './expectations';

/** A caller of the matrix: its reference client session, and who it is. */
export interface MatrixCaller {
  session: Session | EnduserSession;
  id?: string;
  businessId?: string;
  enduser: boolean;
}

const LEVELS = { staffAll: 'All', staffAssigned: 'Assigned', staffDefault: 'Default', staffNone: null } as const;

/** A role giving `level` on every operation of every resource. */
const roleAt = (level: 'All' | 'Assigned' | 'Default' | null) =>
  Object.fromEntries(RESOURCES.map((definition) => [definition.name, { create: level, read: level, update: level, delete: level }]));

/**
 * The matrix's organization: its Admin, four staff members whose one role sets every resource to
 * All, Assigned, Default or none, the owning enduser and another enduser; plus another
 * organization's Admin and a caller without a session. Endusers may start chats here.
 */
export const buildWorld = async (api: IdentityApi) => {
  const tenant = await createTenant(api.dataSource);
  const admin = await adminSession(api.host, tenant);
  await admin.api.organizations.updateOne(tenant.businessId, { portalSettings: { communication: { allowEnduserInitiatedChat: true } } });
  const owner = await createEnduser(api.host, admin, tenant, { fname: 'Owner' });
  const other = await createEnduser(api.host, admin, tenant, { fname: 'Other' });
  const otherTenant = await createTenant(api.dataSource);
  const otherAdmin = await adminSession(api.host, otherTenant);

  const callers: Partial<Record<Actor, MatrixCaller>> = {
    admin: { session: admin, id: admin.userInfo.id, businessId: tenant.businessId, enduser: false },
    owner: { session: owner.session, id: owner.enduser.id, businessId: tenant.businessId, enduser: true },
    otherEnduser: { session: other.session, id: other.enduser.id, businessId: tenant.businessId, enduser: true },
    otherOrgAdmin: { session: otherAdmin, id: otherAdmin.userInfo.id, businessId: otherTenant.businessId, enduser: false },
    anonymous: { session: new Session({ host: api.host }), enduser: false },
  };
  for (const [actor, level] of Object.entries(LEVELS) as [keyof typeof LEVELS, (typeof LEVELS)[keyof typeof LEVELS]][]) {
    const role = `Matrix ${actor} ${tenant.subdomain}`;
    await admin.api.role_based_access_permissions.createOne({ role, permissions: roleAt(level) } as never);
    const staff = await createStaff(api, admin, { roles: [role] });
    callers[actor] = { session: staff.session, id: staff.user.id, businessId: tenant.businessId, enduser: false };
  }
  return { api, tenant, otherTenant, admin, owner, callers: callers as Record<Actor, MatrixCaller> };
};

export type MatrixWorld = Awaited<ReturnType<typeof buildWorld>>;

/** Ties every record to the owning enduser: records about an enduser name them, rooms and events include them, forums are open to endusers. */
export const aboutOwner = (ownerId: string): Adjust => (definition, payload) => {
  const adjusted = { ...payload };
  if ('enduserId' in definition.fields) adjusted.enduserId = ownerId;
  if (definition.name === 'forums') adjusted.publicRead = true;
  if (definition.name === 'chat_rooms') adjusted.enduserIds = [ownerId];
  if (definition.name === 'calendar_events') adjusted.attendees = [{ type: 'enduser', id: ownerId }];
  // Content meant for one enduser (the example is content for everyone).
  if (definition.name === 'managed_content_records') delete adjusted.assignmentType;
  return adjusted;
};

/** The payload a create of the matrix sends: fresh parents made by the Admin, about the owner. */
export const createPayload = (world: MatrixWorld, definition: ResourceDefinition) =>
  payloadFor(world.admin, definition, aboutOwner(world.owner.enduser.id));

/** Whether a payload names other records (parents), which another organization cannot do. */
export const namesRecords = (definition: ResourceDefinition, payload: Record<string, unknown>) =>
  Object.entries(definition.fields).some(([field, rule]) => rule.references && typeof payload[field] === 'string');

const UPDATES: Record<string, Record<string, unknown>> = {
  endusers: { fname: 'Matrix' },
  users: { fname: 'Matrix' },
  organizations: { name: 'Matrix Clinic' },
};

/** What an update of the matrix changes. */
export const updatePayload = (definition: ResourceDefinition) => UPDATES[definition.name] ?? updateFor(definition) ?? {};

export const calls = (caller: MatrixCaller, name: string): GenericCalls => callsFor(caller.session as Session, name);

/**
 * A record of `definition` in the matrix's organization, made the way such records are made: by the
 * owning enduser where endusers create them, else by the Admin; the owner's own profile, the
 * organization itself, a meeting as the meeting calls store it, the webhook configuration by its call, the newest user log. `fresh`: a new
 * record even where the matrix otherwise reuses one (for deletes).
 */
export const createFixture = async (world: MatrixWorld, definition: ResourceDefinition, row: MatrixRow, fresh = false): Promise<string> => {
  const { tenant, owner, admin, api } = world;
  switch (definition.name) {
    case 'endusers':
      if (!fresh) return owner.enduser.id;
      break;
    case 'organizations':
      return tenant.businessId;
    case 'meetings': {
      const _id = newId();
      await api.dataSource.getRepository('meetings').insert({
        _id,
        businessId: tenant.businessId,
        organizationIds: [],
        sharedWithOrganizations: [],
        creator: admin.userInfo.id,
        status: 'scheduled',
        attendees: [{ type: 'enduser', id: owner.enduser.id }],
      });
      return _id;
    }
    case 'webhooks': {
      // One configuration per business, written by the configure call (the generic create is refused).
      await (admin.api.webhooks as unknown as { configure: (input: object) => Promise<unknown> }).configure({
        url: 'https://example.com/webhooks/matrix',
        secret: 'a-long-random-webhook-secret',
      });
      const [configuration] = await api.dataSource.query(`SELECT _id FROM webhooks WHERE "businessId" = $1`, [tenant.businessId]);
      return configuration._id;
    }
    case 'user_logs': {
      const [log] = await api.dataSource.query(`SELECT _id FROM user_logs WHERE "businessId" = $1 ORDER BY "createdAt" DESC LIMIT 1`, [tenant.businessId]);
      return log._id;
    }
  }
  const creator = row.enduser?.ops.includes('c') ? world.callers.owner : world.callers.admin;
  const created = await calls(creator, definition.name).createOne(await createPayload(world, definition));
  return created.id;
};

export type { Tenant };
