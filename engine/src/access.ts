import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { ACCESS_MESSAGES, PolicyRefusal, resourceByName, type Operation, type ResourceDefinition, type Scope } from '@carelane/db';
import { isAdmin, isRootAdmin, type Caller } from './caller';
import type { AccessLevel } from './caller';
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

export { ACCESS_MESSAGES, WEBHOOKS_BY_NAMED_CALLS } from '@carelane/db';

const permissionDenied = (message: string) => new ApiError(403, message);
const enduserFieldRefused = (field: string) => badRequest(`${field} cannot be updated by endusers`, { field });

/** Tenant placement is decided by staff: no enduser payload may carry it, on any resource. */
const ENDUSER_NEVER_WRITES = ['organizationIds', 'sharedWithOrganizations'];

const has = (payload: Record<string, unknown> | undefined, field: string) => payload !== undefined && payload[field] !== undefined;

/** What any enduser may or may not do on any resource they have access to, and what the resource's policy adds. */
const enduserRules = (definition: ResourceDefinition, operation: Operation, caller: Caller, context: AccessContext) => {
  const { payload } = context;
  const policy = definition.policy?.enduser;
  if (operation === 'create' || operation === 'update') {
    for (const field of ENDUSER_NEVER_WRITES) if (has(payload, field)) throw enduserFieldRefused(field);
  }
  if (operation === 'update' && policy?.updatesSelfOnly) {
    const target = context.id ?? (context.existing?._id as string | undefined);
    if (target !== undefined && target !== caller.id) throw permissionDenied(policy.updatesSelfOnly);
  }
  if (operation === 'create' || operation === 'update') {
    for (const field of policy?.staffFields ?? []) if (has(payload, field)) throw enduserFieldRefused(field);
  }
  if (operation === 'create' && 'enduserId' in definition.fields && has(payload, 'enduserId') && payload!.enduserId !== caller.id) {
    throw permissionDenied(ACCESS_MESSAGES.enduserIdMismatch);
  }
  // Endusers delete only what they created themselves (their likes, comments, posts, RSVPs ...).
  if (operation === 'delete' && context.existing && context.existing.creator !== caller.id) throw forbidden();
  // ... and change only their own records where the policy says so (RSVPs, forum posts: docs/contract/access.md#enduser-access).
  if (operation === 'update' && context.existing && policy?.updatesOwnOnly && context.existing.creator !== caller.id) throw forbidden();
};

/** The policy's own rules, their refusals answered with the spec's messages. */
const policyRules = (definition: ResourceDefinition, operation: Operation, caller: Caller, context: AccessContext) => {
  const rules = definition.policy?.rules;
  if (!rules) return;
  try {
    rules({ operation, caller: { type: caller.type, id: caller.id, admin: isAdmin(caller) }, id: context.id, existing: context.existing, payload: context.payload });
  } catch (error) {
    if (error instanceof PolicyRefusal) throw new ApiError(error.status, error.message, error.field ? { field: error.field } : {});
    throw error;
  }
};

/**
 * The engine's one access hook, called before every operation and again per record. The resource's
 * default access by actor comes first (403 'You do not have access to this resource'),
 * then Admin-only operations, then the role matrix (null: the same 403), then the resource policy's
 * rules with the spec's exact messages. Every rule comes from the resource's definition (`access`
 * and `policy`, db/src/resources): none names a resource.
 */
export const authorize = (definition: ResourceDefinition, operation: Operation, caller: Caller, context: AccessContext = {}) => {
  const policy = definition.policy;
  const allowed = definition.access?.[caller.type] ?? [];
  if (!allowed.includes(operation) && !context.grantedByCall) throw forbidden();
  if (policy?.adminOnly?.includes(operation) && !isAdmin(caller)) throw permissionDenied(ACCESS_MESSAGES.adminOnly);
  if (policy?.rootAdminWrites && operation !== 'read' && !isRootAdmin(caller)) throw permissionDenied(ACCESS_MESSAGES.rootAdminOnly);
  // The role matrix: no access at all for this operation. 'Assigned' narrows rows (visibilityFilter).
  if (levelFor(definition, caller, operation) === null) throw forbidden();
  if (caller.type === 'enduser') enduserRules(definition, operation, caller, context);
  policyRules(definition, operation, caller, context);
  const namedOnly = policy?.namedCallsOnly;
  if (namedOnly?.operations.includes(operation) && (!context.grantedByCall || namedOnly.evenForNamedCalls)) {
    throw new ApiError(namedOnly.status, namedOnly.message);
  }
};

/** A SQL condition on one row (alias `record` unless told) with its parameters. */
export interface Visibility {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * The level a non-admin staff caller holds for an operation: the role matrix; without any configured
 * role, the resource's built-in entry (`policy.staff.unconfigured`); else 'Default'. Admins hold 'All'.
 */
export const levelFor = (definition: ResourceDefinition, caller: Caller, operation: Operation): AccessLevel => {
  if (caller.type !== 'user' || isAdmin(caller)) return 'All';
  if (!caller.permissions) {
    const builtIn = definition.policy?.staff?.unconfigured?.levels[operation];
    return builtIn === undefined ? 'Default' : builtIn;
  }
  const entry = caller.permissions[definition.name];
  if (!entry) return 'Default';
  const level = entry[operation];
  return level === undefined ? 'Default' : level;
};

/**
 * Whether an update or delete is limited to records the caller created: built in by the resource's
 * policy (whoever asks, Admins included), and for non-admin staff whose role marks the resource
 * `creatorOnly` (role permission matrix).
 */
export const creatorOnly = (definition: ResourceDefinition, caller: Caller, operation: Operation) => {
  if (operation !== 'update' && operation !== 'delete') return false;
  if (definition.policy?.creatorOnly?.includes(operation)) return true;
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
/**
 * Visibility conditions are never negated, so a NULL drops the row as FALSE would: containment and
 * flags stay bare (no COALESCE), the form a GIN or btree index serves (a patient's rooms and events).
 */
const contains = (expression: string, value: string) => `${expression} @> ${value}`;
/** Text from a definition (never a client's) as an SQL literal. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const column = (alias: string, field: string) => `${alias}."${field}"`;

type Side = 'staff' | 'enduser';

const definitionOf = (resource: string) => {
  const found = resourceByName.get(resource);
  if (!found) throw new Error(`Policy names an unknown resource: ${resource}`);
  return found;
};

/** 'Assigned' for staff when the policy says nothing else: what the caller created, and records about an enduser assigned to them. */
const assignedScope = (definition: ResourceDefinition): Scope =>
  definition.policy?.staff?.assigned ??
  ('enduserId' in definition.fields ? { anyOf: [{ mine: 'creator' }, { assignedEnduser: 'enduserId' }] } : { mine: 'creator' });

/** What an enduser sees when the policy says nothing else: records about them; undefined when the resource names no enduser. */
const enduserScope = (definition: ResourceDefinition): Scope | undefined =>
  definition.policy?.enduser?.scope ?? ('enduserId' in definition.fields ? { mine: 'enduserId' } : undefined);

const scopeFor = (definition: ResourceDefinition, side: Side) => (side === 'staff' ? assignedScope(definition) : enduserScope(definition));

type ParentScope = Extract<Scope, { parent: unknown }>;

/** The parent a scope sees its rows through, directly or as one condition of an allOf (held chats: the room and 'delivered'). */
const parentScopeOf = (scope: Scope | undefined): ParentScope | undefined => {
  if (!scope) return undefined;
  if ('parent' in scope) return scope;
  if ('allOf' in scope) return scope.allOf.map(parentScopeOf).find((found) => found !== undefined);
  return undefined;
};

/**
 * Turns a policy's Scope (db/src/resources/policy.ts) into one SQL condition on the row `alias`.
 * Subqueries get fresh aliases, so nested conditions never confuse their rows.
 */
const compiler = (side: Side) => {
  let count = 0;
  const fresh = () => `vis_${++count}`;
  const enduserAssigned = (idExpression: string, alias: string) => {
    const e = fresh();
    return `EXISTS (SELECT 1 FROM endusers ${e} WHERE ${e}._id = ${idExpression} AND ${e}."businessId" = ${alias}."businessId" AND ${contains(`${e}."assignedTo"`, ME_LIST)})`;
  };
  const inherited = (definition: ResourceDefinition, alias: string) => {
    const scope = scopeFor(definition, side);
    return scope ? compile(scope, alias) : 'TRUE';
  };
  const compile = (scope: Scope, a: string): string => {
    if ('self' in scope) return `${a}._id = ${ME}`;
    if ('mine' in scope) return `${column(a, scope.mine)} = ${ME}`;
    if ('listsMe' in scope) return contains(column(a, scope.listsMe), scope.shape === 'attendees' ? ME_ATTENDEE : ME_LIST);
    if ('flag' in scope) return `${column(a, scope.flag)} = TRUE`;
    if ('equals' in scope) return `${column(a, scope.equals.field)} = ${literal(scope.equals.value)}`;
    if ('assignedEnduser' in scope) {
      const field = column(a, scope.assignedEnduser);
      const item = fresh();
      if (scope.shape === 'ids') {
        return `EXISTS (SELECT 1 FROM jsonb_array_elements_text(${jsonList(field)}) AS ${item}(id) WHERE ${enduserAssigned(`${item}.id`, a)})`;
      }
      if (scope.shape === 'attendees') {
        return `EXISTS (SELECT 1 FROM jsonb_array_elements(${jsonList(field)}) AS ${item} WHERE ${item}->>'type' = 'enduser' AND ${enduserAssigned(`${item}->>'id'`, a)})`;
      }
      return enduserAssigned(field, a);
    }
    if ('parent' in scope) {
      const parent = definitionOf(scope.parent.resource);
      const p = fresh();
      return `EXISTS (SELECT 1 FROM "${parent.name}" ${p} WHERE ${p}._id = ${column(a, scope.parent.via)} AND ${p}."businessId" = ${a}."businessId" AND ${inherited(parent, p)})`;
    }
    if ('child' in scope) {
      const child = definitionOf(scope.child.resource);
      const c = fresh();
      return `EXISTS (SELECT 1 FROM "${child.name}" ${c} WHERE ${column(c, scope.child.via)} = ${a}._id AND ${c}."businessId" = ${a}."businessId" AND ${compile(scope.child.where, c)})`;
    }
    if ('sharesMy' in scope) {
      const me = fresh();
      const item = fresh();
      const table = side === 'enduser' ? 'endusers' : 'users';
      return `EXISTS (SELECT 1 FROM ${table} ${me}, jsonb_array_elements_text(${jsonList(column(a, scope.sharesMy))}) AS ${item}(value)
        WHERE ${me}._id = ${ME} AND ${me}."businessId" = ${a}."businessId" AND ${contains(column(me, scope.sharesMy), `to_jsonb(${item}.value)`)})`;
    }
    if ('attachedTo' in scope) {
      const holder = definitionOf(scope.attachedTo.resource);
      const h = fresh();
      const { field, key } = scope.attachedTo;
      const entry = key ? `jsonb_build_array(jsonb_build_object(${literal(key)}, ${column(a, key)}))` : `jsonb_build_array(${a}._id)`;
      return `EXISTS (SELECT 1 FROM "${holder.name}" ${h} WHERE ${h}."businessId" = ${a}."businessId" AND ${contains(jsonList(column(h, field)), entry)} AND ${inherited(holder, h)})`;
    }
    if ('anyOf' in scope) return `(${scope.anyOf.map((part) => compile(part, a)).join(' OR ')})`;
    return `(${scope.allOf.map((part) => compile(part, a)).join(' AND ')})`;
  };
  return compile;
};

const staffCondition = (definition: ResourceDefinition, caller: Caller, operation: Operation, alias: string): string | undefined => {
  const level = levelFor(definition, caller, operation);
  const narrowed = level === 'Assigned' || (level === 'Default' && operation !== 'create' && definition.policy?.staff?.defaultIsAssigned);
  if (!narrowed) return undefined;
  // A non-admin without a configured role holds the built-in entry, whose 'Assigned' may say more (endusers they added).
  const builtIn = caller.type === 'user' && !caller.permissions ? definition.policy?.staff?.unconfigured?.assigned : undefined;
  return compiler('staff')(builtIn ?? assignedScope(definition), alias);
};

const enduserCondition = (definition: ResourceDefinition, operation: Operation, alias: string): string | undefined => {
  const scope = enduserScope(definition);
  const readsAlso = operation === 'read' ? definition.policy?.enduser?.readsAlso : undefined;
  if (!scope) return undefined;
  const compile = compiler('enduser');
  return readsAlso ? `(${compile(scope, alias)} OR ${compile(readsAlso, alias)})` : compile(scope, alias);
};

/**
 * Rows a caller may see (or, for another operation, act on) within a resource they have access to,
 * as one SQL condition the engine adds to every query, so lists page correctly: what the policy
 * limits everyone to (one's own API keys), an enduser's scope, and for non-admin staff the 'Assigned'
 * level of their role (or the built-in default). Undefined: no narrowing beyond the organization scope.
 */
export const visibilityFilter = (definition: ResourceDefinition, caller: Caller, operation: Operation = 'read', alias = 'record'): Visibility | undefined => {
  const everyone = definition.policy?.everyone;
  const scope = everyone
    ? compiler(caller.type === 'enduser' ? 'enduser' : 'staff')(everyone, alias)
    : caller.type === 'enduser'
      ? enduserCondition(definition, operation, alias)
      : staffCondition(definition, caller, operation, alias);
  const own = creatorOnly(definition, caller, operation) ? `${alias}.creator = ${ME}` : undefined;
  const sql = scope && own ? `(${scope}) AND ${own}` : (scope ?? own);
  return sql ? { sql, params: paramsFor(caller) } : undefined;
};

/**
 * A list filtered by the parent its rows are seen through (chats by roomId, posts by forumId) that
 * names a parent the caller cannot see is refused (403) rather than answered empty, for the kinds of
 * caller the resource's policy names (`refuseListOfHiddenParent`).
 */
export const assertListFilterAccess = async (manager: EntityManager, definition: ResourceDefinition, caller: Caller, filter: Record<string, unknown> | undefined) => {
  const side: Side = caller.type === 'enduser' ? 'enduser' : 'staff';
  const parentScope = parentScopeOf(scopeFor(definition, side));
  if (!parentScope) return;
  const named = filter?.[parentScope.parent.via];
  const refuseHidden = typeof named === 'string' && definition.policy?.refuseListOfHiddenParent?.includes(side);
  const refuseNone = named === undefined && definition.policy?.refuseListWithNoVisibleParent?.includes(side);
  if (!refuseHidden && !refuseNone) return;
  // Only when the caller's rows are narrowed through the parent at all (an Admin sees every room).
  if (!visibilityFilter(definition, caller, 'read')) return;
  const parent = definitionOf(parentScope.parent.resource);
  const query = manager.createQueryBuilder(parent.name, 'record').where('record."businessId" = :visBusinessId', { visBusinessId: caller.businessId });
  // The named parent must be visible; with none named, at least one must be.
  if (refuseHidden) query.andWhere('record._id = :visParentId', { visParentId: named });
  applyVisibility(query, parent, caller);
  if (!(await query.getExists())) throw forbidden(definition.policy?.listRefusalMessage);
};

/**
 * The resource's write guards (db's `guards`: the last Admin of a business ...), inside the write's
 * transaction, their refusals answered with the spec's messages.
 */
export const runGuard = async (
  manager: EntityManager,
  definition: ResourceDefinition,
  caller: Caller,
  which: 'beforeDelete' | 'beforeUpdate',
  context: { id: string; existing?: Record<string, unknown>; changes?: Record<string, unknown> },
) => {
  const guard = definition.guards?.[which];
  if (!guard) return;
  try {
    await guard({ ...context, businessId: caller.businessId, query: (sql, params) => manager.query(sql, params) });
  } catch (error) {
    if (error instanceof PolicyRefusal) throw new ApiError(error.status, error.message, error.field ? { field: error.field } : {});
    throw error;
  }
};

/**
 * Record-level check for what the list filter cannot show: a write the caller's level narrows more
 * than their reads (update or delete 'Assigned' with read 'All'), and a create under 'Assigned'
 * (the new row, inside the create's transaction, must be one the caller could act on: an enduser
 * assigned to them, a record about such an enduser ...). Refused with 403, which rolls the create back.
 */
export const assertRecordAccess = async (manager: EntityManager, definition: ResourceDefinition, caller: Caller, operation: Operation, id: string) => {
  if (operation === 'delete') await runGuard(manager, definition, caller, 'beforeDelete', { id });
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
  if (!current || definition.policy?.businessWide) return;
  const own = definition.policy?.scopeIncludesOwnOrganization ? `${alias}._id = :scopeOrganization OR ` : '';
  // Placed in or below the caller's organization, or shared with it (an entry of sharedWithOrganizations
  // is an organization's id or an organization path): three containments, each served by a resource's
  // GIN index on the field when it declares one (the patient list of a sub-organization).
  query.andWhere(
    `(${own}${alias}."organizationIds" @> CAST(:scopePath AS jsonb)
      OR ${alias}."sharedWithOrganizations" @> CAST(:scopeShared AS jsonb)
      OR ${alias}."sharedWithOrganizations" @> CAST(:scopeSharedPath AS jsonb))`,
    { scopePath: JSON.stringify([current]), scopeOrganization: current, scopeShared: JSON.stringify([current]), scopeSharedPath: JSON.stringify([[current]]) },
  );
};

/**
 * Everything that narrows the rows a caller may see, applied by the engine to every query it runs.
 * With another operation than read, also what the caller may do to them (named calls checking one record).
 */
/** Whether any row condition or organization scope narrows what `caller` reads of `definition` (else a read by id needs only tenant and id). */
export const narrowsRows = (definition: ResourceDefinition, caller: Caller) => caller.organizationIds.length > 0 || visibilityFilter(definition, caller, 'read') !== undefined;

export const applyVisibility = (query: SelectQueryBuilder<object>, definition: ResourceDefinition, caller: Caller, operation: Operation = 'read', alias = 'record') => {
  const read = visibilityFilter(definition, caller, 'read', alias);
  const acting = operation === 'read' ? undefined : visibilityFilter(definition, caller, operation, alias);
  for (const condition of [read, acting?.sql === read?.sql ? undefined : acting]) {
    if (condition) query.andWhere(`(${condition.sql})`, condition.params);
  }
  organizationScope(query, definition, caller, alias);
};
