import type { Operation } from './operation';

/**
 * Per-resource access policy (docs/contract/access.md), declared beside the resource's fields so
 * that adding a resource is one file in this folder. The engine (engine/src/access.ts) interprets it for every
 * generic and named call: it knows no resource by name.
 *
 * Row visibility is written as a `Scope`: a small condition language on one row, "me" being the
 * caller. The engine turns it into one SQL condition added to every query, so lists page correctly.
 */
export type Scope =
  /** The row is the caller's own record (a user's or enduser's profile). */
  | { self: true }
  /** The row's id field names the caller (creator, owner, userId, enduserId). */
  | { mine: string }
  /** The row's list names the caller: a list of ids, or of attendees `{ type, id }`. */
  | { listsMe: string; shape?: 'ids' | 'attendees' }
  /** The row's boolean field is true (publicRead). */
  | { flag: string }
  /** The row's field holds this value (trusted text from the definition, never the client's). */
  | { equals: { field: string; value: string } }
  /** An enduser named by the row's field (one id, a list of ids, or enduser attendees) is assigned to the caller. */
  | { assignedEnduser: string; shape?: 'id' | 'ids' | 'attendees' }
  /** The parent record the row's `via` field names is one the caller sees, by the parent's own policy for the same kind of caller. */
  | { parent: { resource: string; via: string } }
  /** Some record of `resource` whose `via` field names this row meets `where` (a condition on that record). */
  | { child: { resource: string; via: string; where: Scope } }
  /** The row's list shares an item with the calling enduser's own list of the same name (tags). */
  | { sharesMy: string }
  /**
   * The row is attached to a record of `resource` the caller sees (by that resource's policy): that
   * record's list `field` holds `{ [key]: row[key] }`, or the row's id when no key is given.
   */
  | { attachedTo: { resource: string; field: string; key?: string } }
  | { anyOf: Scope[] }
  | { allOf: Scope[] };

/** A level of the role permission matrix (docs/contract/access.md#permission-matrix). */
export type PolicyLevel = 'All' | 'Assigned' | 'Default' | null;

/** What a policy's own rules know of a request (the engine builds it). */
export interface PolicyRequest {
  operation: Operation;
  caller: { type: 'user' | 'enduser'; id: string; admin: boolean };
  /** The id named in the request, before anything is loaded. */
  id?: string;
  /** The stored record (record-level checks). */
  existing?: Record<string, unknown>;
  /** The client's payload: create input or update's `updates`. */
  payload?: Record<string, unknown>;
}

/** A refusal with the spec's exact message, thrown by a policy's rules; the engine answers it with `status`. */
export class PolicyRefusal extends Error {
  constructor(
    readonly status: 400 | 403,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PolicyRefusal';
  }
}

export const refuse = (status: 400 | 403, message: string, field?: string): never => {
  throw new PolicyRefusal(status, message, field);
};

/** The spec's messages for access refusals, shared by the engine and the named calls. */
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

export interface ResourcePolicy {
  /** Operations only an Admin may perform: 403 'Admin access only'. */
  adminOnly?: Operation[];
  /** Writes (create, update, delete) only an Admin of the root organization may perform; everyone with access reads. */
  rootAdminWrites?: boolean;
  /** Records that apply to the whole business whatever organization wrote them: no organization scope. */
  businessWide?: boolean;
  /** In the organization scope, a member of a sub-organization also sees the row that is their organization. */
  scopeIncludesOwnOrganization?: boolean;
  /** Operations only the record's creator may perform, whoever asks, Admins included. */
  creatorOnly?: Operation[];
  /** Operations the generic calls refuse: only a named call (which grants them) writes the resource. */
  namedCallsOnly?: { operations: Operation[]; status: 400 | 403; message: string; evenForNamedCalls?: boolean };
  /** Rows every caller is limited to, whatever their role (one's own API keys). */
  everyone?: Scope;
  staff?: {
    /** The rows of the 'Assigned' level (default: records the caller created or about an enduser assigned to them). */
    assigned?: Scope;
    /** The 'Default' level narrows to `assigned` on every operation but create (emails and SMS, docs/contract/access.md#visibility-filters). */
    defaultIsAssigned?: boolean;
    /**
     * The built-in matrix entry of a non-admin who holds no configured role
     * (docs/contract/access.md#visibility-filters): levels per operation (operations it does not
     * name hold 'Default'), and the rows its 'Assigned' means when they differ from the role level's
     * `assigned`.
     */
    unconfigured?: { levels: Partial<Record<Operation, PolicyLevel>>; assigned?: Scope };
    /**
     * Staff who may update the record may move it to another organization of theirs by updating
     * `organizationIds` (an organization path at or below their own; replaced, never merged).
     */
    movesOrganizations?: boolean;
  };
  enduser?: {
    /** The rows an enduser sees and acts on (default: records whose enduserId is theirs, when the resource has one). */
    scope?: Scope;
    /** Rows an enduser may also read (never write): files attached to what they see. */
    readsAlso?: Scope;
    /** Endusers update only records they created. */
    updatesOwnOnly?: boolean;
    /** Endusers update only their own record (the profile): 403 with this message otherwise. */
    updatesSelfOnly?: string;
    /** Fields only staff write: '<field> cannot be updated by endusers'. */
    staffFields?: string[];
  };
  /**
   * Callers (by kind) whose list filtered by the parent their rows are seen through (`parent` scope's
   * `via`: chats by roomId, posts by forumId) naming a parent they cannot see is refused (403), not
   * answered empty: for them that parent does not exist, and the reference client expects the error.
   */
  refuseListOfHiddenParent?: ('staff' | 'enduser')[];
  /**
   * Callers (by kind) whose list naming no parent is refused (403) when they can see no parent at all:
   * chats of a staff member who belongs to no room (the reference client's role_based_access_tests,
   * 'there are no accessible chats').
   */
  refuseListWithNoVisibleParent?: ('staff' | 'enduser')[];
  /** The 403's message for those refusals, when the spec or the reference client names one. */
  listRefusalMessage?: string;
  /** Rules beyond the declarative ones, with the spec's messages (throw with `refuse`). */
  rules?: (request: PolicyRequest) => void;
}

/**
 * An automation-trigger event (docs/contract/automations.md#triggers) that a committed change of the
 * resource amounts to, interpreted by the api's automation dispatcher (api/src/automation/trigger-events.ts).
 */
export interface TriggerRule {
  type: string;
  /**
   * Which change amounts to it: a create; an update newly setting one of the fields (what was unset),
   * and with `alsoOnCreate` a create carrying one; an update changing the field's value; any create or update.
   */
  when: { created: true } | { set: string[]; alsoOnCreate?: boolean } | { changed: string } | { createdOrUpdated: true };
  /** Fires only for records holding these values (an incoming message: `{ inbound: true }`). */
  only?: Record<string, string | boolean>;
  /** Whom it fires for: the record itself (an enduser), the enduser a field names, or each enduser attendee of a list. */
  enduser: { self: true } | { field: string } | { attendees: string };
  /**
   * The firing's source, so one source never runs a trigger twice: the record's id, or `<prefix><id>`,
   * or `<id>-<suffix>` (with `suffixField`, `<id>-<suffix><the field's value>`). None: the change's outbox id.
   */
  source?: { record: true } | { prefix: string } | { suffix: string; suffixField?: string };
  /** How a trigger's `event.info` is matched against the record (by name; the api holds the matchers). None: every trigger of the type. */
  matches?: 'formSubmitted' | 'fieldEquals' | 'appointment' | 'incomingMessage';
}

/**
 * A signal a committed change of the resource sends to journey runs (the workflow's signal names are
 * the keys of SIGNALS in @carelane/workflows/constants), interpreted by the api's automation
 * dispatcher, which knows no resource by name.
 */
export interface JourneySignalRule {
  /** The workflow signal (a key of SIGNALS). */
  signal: 'formSubmitted' | 'ticketCompleted' | 'stepsDeleted' | 'automatedActionCancelled';
  /**
   * Which change sends it: a deletion; an update newly setting one of the fields (the change carries
   * it, it was unset before), with `alsoOnCreate` a create carrying one; an update after which the
   * field is set and was not before (whoever set it); an update moving the field from one value to another.
   */
  when: { deleted: true } | { set: string[]; alsoOnCreate?: boolean } | { nowSet: string } | { transition: { field: string; from: string; to: string } };
  /** Fields that must hold a value for the signal to be sent. */
  requires?: string[];
  /**
   * The journey: the one the record's field names, else (or with no field) the journey of the
   * automation step the `viaStep` field names.
   */
  journey: { field?: string; viaStep?: string };
  /** The enduser whose run is signalled (the field naming them); none: every run of the journey. */
  enduser?: string;
  /** The signal's payload: each key from the record's field, its id, or a list holding its id. */
  payload: Record<string, { field: string } | { id: true } | { idList: true }>;
}

/** What the automation dispatcher does with a resource's committed changes, besides its triggers. */
export interface AutomationRules {
  /**
   * The record is an enduser whose `journeys` map and `scheduledJourneys` start and end its journey
   * runs; deleting it ends every run it is in.
   */
  journeyMembership?: boolean;
  /** Deleting the record (a journey) ends every run of it. */
  endsJourneyRunsOnDelete?: boolean;
  /**
   * The record carries reminders (a reminders run per record): a create with reminders and not
   * cancelled starts it, a change to one of these fields or a deletion tells it.
   */
  reminders?: { fields: string[]; list: string; cancelledField: string };
  signals?: JourneySignalRule[];
  /**
   * The record holds a staff member's time (an appointment): when it is cancelled, marked moved,
   * moved to another start or deleted, the start it held is offered down the waitlist.
   */
  freesTime?: { startField: string; endedFields: string[] };
}

/** What a write guard knows: the transaction, the tenant, the record and (on update) the changes. */
export interface GuardContext {
  /** Runs SQL inside the write's transaction (the engine's EntityManager.query). */
  query: (sql: string, params: unknown[]) => Promise<any[]>;
  businessId: string;
  id: string;
  /** The stored record (updates). */
  existing?: Record<string, unknown>;
  /** The update's parsed changes. */
  changes?: Record<string, unknown>;
}

/**
 * Checks inside the write's transaction that need the database (the last Admin of a business):
 * refuse with `refuse(status, message, field)`. The engine runs `beforeDelete` before its access
 * check's row narrowing and `beforeUpdate` with the parsed changes, before the update hooks.
 */
export interface WriteGuards {
  beforeDelete?: (context: GuardContext) => Promise<void>;
  beforeUpdate?: (context: GuardContext) => Promise<void>;
}
