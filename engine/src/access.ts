import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { Operation, ResourceDefinition } from '@carelane/db';
import { isAdmin, isRootAdmin, type Caller } from './caller';
import type { AccessLevel } from './caller';
import { assertUserMayBeDeleted } from './user-deletion';
import { ApiError, badRequest, forbidden } from './errors';

/**
 * What the engine knows when it asks: the id named in the request (before anything is loaded), and
 * for record-level checks the stored record and the client's payload (create input or update's
 * `updates`). The engine calls the hook once before touching the database and once per record, so
 * a refused call changes nothing.
 */
export interface AccessContext {
  id?: string;
  existing?: Record<string, unknown>;
  payload?: Record<string, unknown>;
  /** A named call grants this operation to the caller's kind (the resource's default access by actor is not asked). */
  grantedByCall?: boolean;
}

export const ACCESS_MESSAGES = {
  adminOnly: 'Admin access only',
  rootAdminOnly: 'Only the root organization admin can do this',
  assignAdmin: 'Only Admin users can assign the Admin role',
  updateOthers: "Only admin users can update others' profiles",
  updateRoles: 'Only admin users can update user roles',
  updateEmail: 'Only admin users can update user email',
  userOrganizationIds: 'User organizationIds are readonly',
  enduserOwnProfile: 'Endusers may only update their own profile',
  enduserIdMismatch: 'enduserId does not match creator id for enduser session',
  changeOwner: 'Only owner can change ownership',
  initialOwner: 'Only creator can set initial owner',
} as const;

const permissionDenied = (message: string) => new ApiError(403, message);
const enduserFieldRefused = (field: string) => badRequest(`${field} cannot be updated by endusers`, { field });

/** Operations only an Admin may perform, by resource (seeds 000 §6). */
const ADMIN_ONLY: Record<string, Operation[]> = {
  users: ['create', 'delete'],
  api_keys: ['create', 'read', 'update', 'delete'],
  webhooks: ['create', 'update', 'delete'],
  // Organization settings (name, portal, owner ...) are Admin matters (000 §6).
  organizations: ['update'],
};

/**
 * Writes only an Admin of the root organization may perform; everyone with access may read. The
 * webhook configuration is the whole business's (its patients' records are delivered there), so a
 * sub-organization Admin must not write it.
 */
const ROOT_ADMIN_WRITES = new Set(['role_based_access_permissions', 'webhooks']);

/** Records that apply to the whole business whatever organization wrote them (a role's matrix binds every holder of the role). */
const BUSINESS_WIDE = new Set(['role_based_access_permissions']);

/** Shared records an enduser may update only when they created them. */
const ENDUSER_OWN_UPDATES = new Set(['calendar_event_RSVPs', 'forum_posts']);

/** Tenant placement is decided by staff: no enduser payload may carry it. */
const ENDUSER_NEVER_WRITES = ['organizationIds', 'sharedWithOrganizations'];

/** Fields of an enduser's own profile that only staff set (assignment, journeys, tags, identifiers ...). */
const ENDUSER_PROFILE_STAFF_FIELDS = [
  'assignedTo',
  'journeys',
  'scheduledJourneys',
  'tags',
  'unredactedTags',
  'unredactedFields',
  'humanReadableId',
  'externalId',
  'source',
  'unread',
  'lastCommunication',
  'lastActive',
  'lastLogout',
];

const has = (payload: Record<string, unknown> | undefined, field: string) => payload !== undefined && payload[field] !== undefined;

const userRules = (operation: Operation, caller: Caller, context: AccessContext) => {
  if (caller.type !== 'user' || operation !== 'update') return;
  const { payload } = context;
  if (has(payload, 'organizationIds')) throw badRequest(ACCESS_MESSAGES.userOrganizationIds, { field: 'organizationIds' });
  if (isAdmin(caller)) return;
  const target = context.id ?? (context.existing?._id as string | undefined);
  if (target !== undefined && target !== caller.id) throw permissionDenied(ACCESS_MESSAGES.updateOthers);
  if (has(payload, 'roles')) {
    const roles = payload!.roles;
    throw permissionDenied(Array.isArray(roles) && roles.includes('Admin') ? ACCESS_MESSAGES.assignAdmin : ACCESS_MESSAGES.updateRoles);
  }
  if (has(payload, 'email')) throw permissionDenied(ACCESS_MESSAGES.updateEmail);
};

const enduserProfileRules = (operation: Operation, caller: Caller, context: AccessContext) => {
  if (caller.type !== 'enduser' || operation !== 'update') return;
  const target = context.id ?? (context.existing?._id as string | undefined);
  if (target !== undefined && target !== caller.id) throw permissionDenied(ACCESS_MESSAGES.enduserOwnProfile);
  for (const field of ENDUSER_PROFILE_STAFF_FIELDS) if (has(context.payload, field)) throw enduserFieldRefused(field);
};

const organizationRules = (operation: Operation, caller: Caller, context: AccessContext) => {
  if (operation !== 'update' || !context.existing || !has(context.payload, 'owner')) return;
  const { existing } = context;
  if (existing.owner) {
    if (existing.owner !== caller.id) throw permissionDenied(ACCESS_MESSAGES.changeOwner);
  } else if (existing.creator !== caller.id) {
    throw permissionDenied(ACCESS_MESSAGES.initialOwner);
  }
};

/** Keys are generated by POST /api-key (which answers the key once), never written through the generic calls. */
const apiKeyRules = (operation: Operation) => {
  if (operation === 'create' || operation === 'update') throw badRequest('API keys are generated one at a time with POST /v1/api-key and cannot be changed');
};

export const WEBHOOKS_BY_NAMED_CALLS = 'Webhooks are configured with POST /v1/configure-webhooks';

/** One configuration per business, written by the configure-webhooks call only (never a second record). */
const webhookRules = (operation: Operation, _caller: Caller, context: AccessContext) => {
  if (operation === 'create' && !context.grantedByCall) throw permissionDenied(WEBHOOKS_BY_NAMED_CALLS);
};

const RESOURCE_RULES: Record<string, (operation: Operation, caller: Caller, context: AccessContext) => void> = {
  api_keys: apiKeyRules,
  users: userRules,
  endusers: enduserProfileRules,
  organizations: organizationRules,
  webhooks: webhookRules,
};

/** What any enduser may or may not do on any resource they have access to. */
const enduserRules = (definition: ResourceDefinition, operation: Operation, caller: Caller, context: AccessContext) => {
  const { payload } = context;
  if (operation === 'create' || operation === 'update') {
    for (const field of ENDUSER_NEVER_WRITES) if (has(payload, field)) throw enduserFieldRefused(field);
  }
  if (operation === 'create' && 'enduserId' in definition.fields && has(payload, 'enduserId') && payload!.enduserId !== caller.id) {
    throw permissionDenied(ACCESS_MESSAGES.enduserIdMismatch);
  }
  // Endusers delete only what they created themselves (their likes, comments, posts, RSVPs ...).
  if (operation === 'delete' && context.existing && context.existing.creator !== caller.id) throw forbidden();
  // ... and change only their own RSVPs and forum posts (seeds 000 §6).
  if (operation === 'update' && context.existing && ENDUSER_OWN_UPDATES.has(definition.name) && context.existing.creator !== caller.id) throw forbidden();
};

/**
 * The engine's one access hook, called before every operation and again per record. The resource's
 * default access by actor comes first (403 'You do not have access to this resource'),
 * then Admin-only operations, then the role matrix (null: the same 403), then the per-resource rules
 * with the spec's exact messages.
 */
export const authorize = (definition: ResourceDefinition, operation: Operation, caller: Caller, context: AccessContext = {}) => {
  const allowed = definition.access?.[caller.type] ?? [];
  if (!allowed.includes(operation) && !context.grantedByCall) throw forbidden();
  if (ADMIN_ONLY[definition.name]?.includes(operation) && !isAdmin(caller)) throw permissionDenied(ACCESS_MESSAGES.adminOnly);
  if (ROOT_ADMIN_WRITES.has(definition.name) && operation !== 'read' && !isRootAdmin(caller)) {
    throw permissionDenied(ACCESS_MESSAGES.rootAdminOnly);
  }
  // The role matrix: no access at all for this operation. 'Assigned' narrows rows (visibilityFilter).
  if (levelFor(definition, caller, operation) === null) throw forbidden();
  if (caller.type === 'enduser') enduserRules(definition, operation, caller, context);
  RESOURCE_RULES[definition.name]?.(operation, caller, context);
};

/** A SQL condition on one row (alias `record` unless told) with its parameters. */
export interface Visibility {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * The built-in default ('Default' level, and staff without any configured role) narrows only emails
 * and SMS: non-admin staff see the messages they sent (userId) and those of endusers assigned to
 * them, on every operation but create (seeds 000 §6, visibility filters). Everything else is open to
 * staff within their organization scope.
 */
const DEFAULT_ASSIGNED = new Set(['emails', 'sms_messages']);

/** The level a non-admin staff caller holds for an operation: the role matrix, else 'Default'. Admins hold 'All'. */
export const levelFor = (definition: ResourceDefinition, caller: Caller, operation: Operation): AccessLevel => {
  if (caller.type !== 'user' || isAdmin(caller)) return 'All';
  const entry = caller.permissions?.[definition.name];
  if (!entry) return 'Default';
  const level = entry[operation];
  return level === undefined ? 'Default' : level;
};

/** Deletes only the creator may make, whoever asks, Admins included (seeds 000 §6: comment likes). */
const BUILT_IN_CREATOR_ONLY: Record<string, Operation[]> = { comment_likes: ['delete'] };

/**
 * Whether an update or delete is limited to records the caller created: built in for some resources,
 * and for non-admin staff whose role marks the resource `creatorOnly` (role permission matrix).
 */
export const creatorOnly = (definition: ResourceDefinition, caller: Caller, operation: Operation) => {
  if (operation !== 'update' && operation !== 'delete') return false;
  if (BUILT_IN_CREATOR_ONLY[definition.name]?.includes(operation)) return true;
  return caller.type === 'user' && !isAdmin(caller) && caller.permissions?.[definition.name]?.creatorOnly === true;
};

// Parameter names of the visibility conditions: fixed, because one query applies one caller's conditions.
const ME = ':visMe';
const ME_LIST = 'CAST(:visMeList AS jsonb)';
const ME_ATTENDEE = 'CAST(:visMeAttendee AS jsonb)';
const paramsFor = (caller: Caller) => ({
  visMe: caller.id,
  visMeList: JSON.stringify([caller.id]),
  visMeAttendee: JSON.stringify([{ id: caller.id }]),
});

const jsonList = (expression: string) => `(CASE WHEN jsonb_typeof(${expression}) = 'array' THEN ${expression} ELSE '[]'::jsonb END)`;
const contains = (expression: string, value: string) => `COALESCE(${expression} @> ${value}, FALSE)`;

/** The enduser named by `idExpression` (in the row's business) lists the caller in assignedTo. */
const enduserAssigned = (idExpression: string, alias: string) =>
  `EXISTS (SELECT 1 FROM endusers vis_enduser WHERE vis_enduser._id = ${idExpression} AND vis_enduser."businessId" = ${alias}."businessId" AND ${contains('vis_enduser."assignedTo"', ME_LIST)})`;

/** Rooms the staff member belongs to, created, or that hold an enduser assigned to them. */
const staffRoom = (alias: string) =>
  `(${contains(`${alias}."userIds"`, ME_LIST)} OR ${alias}.creator = ${ME} OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(${jsonList(`${alias}."enduserIds"`)}) AS vis_member(id) WHERE ${enduserAssigned('vis_member.id', alias)}))`;

/**
 * 'Assigned' for staff (seeds 000 §6): endusers by assignedTo; tickets by owner (and their creator);
 * emails and SMS by userId; chat rooms by member lists and chats by their room; calendar events and
 * meetings by attendee ids; any record about an enduser also when that enduser is assigned to the
 * caller; anything else by creator.
 */
const assignedToStaff = (definition: ResourceDefinition, alias: string): string => {
  const a = alias;
  const aboutAssignedEnduser = 'enduserId' in definition.fields ? ` OR ${enduserAssigned(`${a}."enduserId"`, a)}` : '';
  switch (definition.name) {
    case 'endusers':
      return contains(`${a}."assignedTo"`, ME_LIST);
    case 'users':
      return `${a}._id = ${ME}`;
    case 'tickets':
      return `(${a}.owner = ${ME} OR ${a}.creator = ${ME}${aboutAssignedEnduser})`;
    case 'emails':
    case 'sms_messages':
      return `(${a}."userId" = ${ME}${aboutAssignedEnduser})`;
    case 'chat_rooms':
      return staffRoom(a);
    case 'chats':
      return `EXISTS (SELECT 1 FROM chat_rooms vis_room WHERE vis_room._id = ${a}."roomId" AND vis_room."businessId" = ${a}."businessId" AND ${staffRoom('vis_room')})`;
    case 'calendar_events':
      return `(${contains(`${a}.attendees`, ME_ATTENDEE)} OR ${a}.creator = ${ME} OR EXISTS (SELECT 1 FROM jsonb_array_elements(${jsonList(`${a}.attendees`)}) AS vis_attendee WHERE vis_attendee->>'type' = 'enduser' AND ${enduserAssigned("vis_attendee->>'id'", a)}))`;
    case 'meetings':
      return `(${contains(`${a}.attendees`, ME_ATTENDEE)} OR ${a}.creator = ${ME})`;
    default:
      return `(${a}.creator = ${ME}${aboutAssignedEnduser})`;
  }
};

/** A forum endusers may take part in: only those marked publicRead (a private forum is for staff). */
const publicForum = (idExpression: string, alias: string) =>
  `EXISTS (SELECT 1 FROM forums vis_forum WHERE vis_forum._id = ${idExpression} AND vis_forum."businessId" = ${alias}."businessId" AND COALESCE(vis_forum."publicRead", FALSE))`;

/**
 * Managed content an enduser may read: public records and those assigned to everyone, to them (by
 * enduserId or an assignment record) or to one of their tags, and what they wrote themselves.
 */
const enduserContent = (a: string) =>
  `(COALESCE(${a}."publicRead", FALSE) OR ${a}."assignmentType" = 'All' OR ${a}."enduserId" = ${ME} OR ${a}.creator = ${ME}
    OR EXISTS (SELECT 1 FROM managed_content_record_assignments vis_assignment WHERE vis_assignment."contentId" = ${a}._id AND vis_assignment."businessId" = ${a}."businessId" AND vis_assignment."enduserId" = ${ME})
    OR (${a}."assignmentType" = 'By Tags' AND EXISTS (SELECT 1 FROM endusers vis_enduser, jsonb_array_elements_text(${jsonList(`${a}.tags`)}) AS vis_tag(tag)
        WHERE vis_enduser._id = ${ME} AND vis_enduser."businessId" = ${a}."businessId" AND ${contains('vis_enduser.tags', 'to_jsonb(vis_tag.tag)')})))`;

/** Events an enduser attends, and public ones. */
const enduserEvent = (alias: string) => `(${contains(`${alias}.attendees`, ME_ATTENDEE)} OR COALESCE(${alias}."publicRead", FALSE))`;

/**
 * Files an enduser may read beyond their own: those attached to a chat of a room they belong to, and
 * those attached to (or listed in) managed content they may read. Staff send images in chat and
 * publish PDFs and videos as content; the patient must be able to open them. Reads only: an enduser
 * still updates, hides and deletes only their own files.
 */
const enduserSharedFile = (a: string) => {
  const attached = (column: string) => contains(jsonList(column), `jsonb_build_array(jsonb_build_object('secureName', ${a}."secureName"))`);
  return `(EXISTS (SELECT 1 FROM chat_rooms vis_room JOIN chats vis_chat ON vis_chat."roomId" = vis_room._id AND vis_chat."businessId" = vis_room."businessId"
      WHERE vis_room."businessId" = ${a}."businessId" AND ${contains('vis_room."enduserIds"', ME_LIST)} AND ${attached('vis_chat.attachments')})
    OR EXISTS (SELECT 1 FROM managed_content_records vis_content WHERE vis_content."businessId" = ${a}."businessId"
      AND (${attached('vis_content.attachments')} OR ${contains(jsonList('vis_content.files'), `jsonb_build_array(${a}._id)`)}) AND ${enduserContent('vis_content')}))`;
};

/**
 * What an enduser sees of a resource they may read: their own profile; records about them
 * (enduserId); chat rooms listing them and those rooms' chats; events and meetings they attend, and
 * public ones; RSVPs of events they see; forums marked publicRead, and the posts, comments and likes
 * in them (shared by every enduser who can see the forum).
 */
const enduserCondition = (definition: ResourceDefinition, alias: string): string | undefined => {
  const a = alias;
  switch (definition.name) {
    case 'endusers':
      return `${a}._id = ${ME}`;
    case 'chat_rooms':
      return contains(`${a}."enduserIds"`, ME_LIST);
    case 'chats':
      return `EXISTS (SELECT 1 FROM chat_rooms vis_room WHERE vis_room._id = ${a}."roomId" AND vis_room."businessId" = ${a}."businessId" AND ${contains('vis_room."enduserIds"', ME_LIST)})`;
    case 'calendar_events':
    case 'meetings':
      return enduserEvent(a);
    case 'forums':
      return `COALESCE(${a}."publicRead", FALSE)`;
    // Posts, comments and likes follow their parent forum, for reads and writes alike (seeds 000 §6).
    case 'forum_posts':
    case 'post_comments':
    case 'post_likes':
    case 'comment_likes':
      return publicForum(`${a}."forumId"`, a);
    case 'managed_content_records':
      return enduserContent(a);
    case 'calendar_event_RSVPs':
      return `EXISTS (SELECT 1 FROM calendar_events vis_event WHERE vis_event._id = ${a}."eventId" AND vis_event."businessId" = ${a}."businessId" AND ${enduserEvent('vis_event')})`;
    default:
      return 'enduserId' in definition.fields ? `${a}."enduserId" = ${ME}` : undefined;
  }
};

const staffCondition = (definition: ResourceDefinition, caller: Caller, operation: Operation, alias: string): string | undefined => {
  const level = levelFor(definition, caller, operation);
  if (level === 'Assigned') return assignedToStaff(definition, alias);
  if (level === 'Default' && operation !== 'create' && DEFAULT_ASSIGNED.has(definition.name)) return assignedToStaff(definition, alias);
  return undefined;
};

/**
 * Rows a caller may see (or, for another operation, act on) within a resource they have access to,
 * as one SQL condition the engine adds to every query, so lists page correctly: an enduser's own
 * records, one's own API keys, and for non-admin staff the 'Assigned' level of their role (or the
 * built-in default). Undefined: no narrowing beyond the organization scope.
 */
export const visibilityFilter = (definition: ResourceDefinition, caller: Caller, operation: Operation = 'read', alias = 'record'): Visibility | undefined => {
  const scope =
    definition.name === 'api_keys'
      ? `${alias}.creator = ${ME}`
      : caller.type === 'enduser'
        ? definition.name === 'files' && operation === 'read'
          ? `(${enduserCondition(definition, alias)} OR ${enduserSharedFile(alias)})`
          : enduserCondition(definition, alias)
        : staffCondition(definition, caller, operation, alias);
  const own = creatorOnly(definition, caller, operation) ? `${alias}.creator = ${ME}` : undefined;
  const sql = scope && own ? `(${scope}) AND ${own}` : (scope ?? own);
  return sql ? { sql, params: paramsFor(caller) } : undefined;
};

/**
 * Record-level check for what the list filter cannot show: a write the caller's level narrows more
 * than their reads (update or delete 'Assigned' with read 'All'), and a create under 'Assigned'
 * (the new row, inside the create's transaction, must be one the caller could act on: an enduser
 * assigned to them, a record about such an enduser ...). Refused with 403, which rolls the create back.
 */
export const assertRecordAccess = async (manager: EntityManager, definition: ResourceDefinition, caller: Caller, operation: Operation, id: string) => {
  if (definition.name === 'users' && operation === 'delete') await assertUserMayBeDeleted(manager, caller, id);
  const condition = visibilityFilter(definition, caller, operation);
  if (!condition) return;
  if (operation !== 'create' && condition.sql === visibilityFilter(definition, caller, 'read')?.sql) return;
  const allowed = await manager
    .createQueryBuilder(definition.name, 'record')
    .where('record._id = :visRecordId AND record."businessId" = :visBusinessId', { visRecordId: id, visBusinessId: caller.businessId })
    .andWhere(`(${condition.sql})`, condition.params)
    .getExists();
  if (!allowed) throw forbidden();
};

/**
 * The caller's place in the organization tree. A root member (organizationIds empty) sees the whole
 * business; a member of a sub-organization sees records placed in it or below it (their
 * organizationIds contain it) and records shared with it (sharedWithOrganizations, a list of such
 * paths), and, among organizations, their own.
 */
export const organizationScope = (query: SelectQueryBuilder<object>, definition: ResourceDefinition, caller: Caller, alias = 'record') => {
  const current = caller.organizationIds.at(-1);
  if (!current || BUSINESS_WIDE.has(definition.name)) return;
  const own = definition.name === 'organizations' ? `${alias}._id = :scopeOrganization OR ` : '';
  query.andWhere(
    `(${own}COALESCE(${alias}."organizationIds" @> CAST(:scopePath AS jsonb), FALSE)
      OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${alias}."sharedWithOrganizations") = 'array' THEN ${alias}."sharedWithOrganizations" ELSE '[]'::jsonb END) AS shared
                 WHERE shared = to_jsonb(CAST(:scopeOrganization AS text)) OR (jsonb_typeof(shared) = 'array' AND shared @> CAST(:scopePath AS jsonb))))`,
    { scopePath: JSON.stringify([current]), scopeOrganization: current },
  );
};

/**
 * Everything that narrows the rows a caller may see, applied by the engine to every query it runs.
 * With another operation than read, also what the caller may do to them (named calls checking one record).
 */
export const applyVisibility = (query: SelectQueryBuilder<object>, definition: ResourceDefinition, caller: Caller, operation: Operation = 'read', alias = 'record') => {
  const read = visibilityFilter(definition, caller, 'read', alias);
  const acting = operation === 'read' ? undefined : visibilityFilter(definition, caller, operation, alias);
  for (const condition of [read, acting?.sql === read?.sql ? undefined : acting]) {
    if (condition) query.andWhere(`(${condition.sql})`, condition.params);
  }
  organizationScope(query, definition, caller, alias);
};
