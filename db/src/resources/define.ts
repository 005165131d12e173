import * as v from '../validation/validators';
import type { Validator } from '../validation/validators';
import type { AutomationRules, ResourcePolicy, TriggerRule, WriteGuards } from './policy';
import type { Operation } from './operation';

/**
 * One declarative definition per resource. It drives the TypeORM entity (entity-schemas.ts), the
 * payload validation and serialisation of the generic engine (api/src/resources), the routes and
 * the API documentation. Adding a resource is adding one file to this folder.
 */
export type ColumnKind = 'text' | 'number' | 'boolean' | 'date' | 'id' | 'json';

export interface FieldDefinition {
  column: ColumnKind;
  /** Normalises a client value; absent for fields only the server writes. */
  validate?: Validator;
  required?: boolean;
  /** Maintained by the server (counters, hashes, stamps): clients can neither set nor update it. */
  readonly?: boolean;
  /** Set on create, then fixed: 'This field cannot be updated'. */
  updatable?: boolean;
  /** Never leaves the server (password hashes, key hashes). */
  secret?: boolean;
  /**
   * Parts of a json value that never leave the server, as `secret` is for a whole field: a sendWebhook
   * action's own signing secret. Written with the value; left out of every answer, change event and
   * outbox row (serialize.ts `withoutSecrets`, the engine's JSON reads). A client that reads the value
   * and writes it back cannot send the part, so an update that omits it keeps the stored one while
   * every `keptWhileSame` path of the value is unchanged (the same webhook url); otherwise it is gone.
   */
  secretParts?: readonly SecretPart[];
  /**
   * Answered as `null` when empty instead of being left out: for a reference the server unsets when
   * its record is deleted, which clients test with `=== null` (the reference client's chat replyId).
   */
  answeredAsNull?: boolean;
  indexed?: boolean;
  /** HTML shown to people: sanitised on every write by the api's one HTML policy, whoever writes it. */
  html?: boolean;
  /** Included in getSome's `search: { query }`. */
  searchable?: boolean;
  default?: () => unknown;
  /**
   * The record this id names, and what deleting it does. `matches`: fields the referenced record must
   * share with this one (a like's post must be in the like's forum), so a visible parent cannot
   * vouch for a child of a hidden one.
   */
  references?: { resource: string; onDelete: 'cascade' | 'unset' | 'none'; matches?: string[] };
  /**
   * For a map keyed by ids (an enduser's journeys): the record each key names. A new key must name a
   * record the caller can see ('Could not find a related record for the given id(s)'); deleting the
   * record removes its key from every map.
   */
  keysReference?: { resource: string };
}

/** A write-only part of a json value (FieldDefinition.secretParts): its path, and the paths that must be unchanged for an update omitting it to keep it. */
export interface SecretPart {
  path: readonly string[];
  keptWhileSame: readonly (readonly string[])[];
}

export type Actor = 'user' | 'enduser' | 'public';

/** Who is writing, as much as the definitions need to know. */
export interface ActorInfo {
  type: 'user' | 'enduser';
  id: string;
}

export interface CheckContext {
  actor?: ActorInfo;
  previous?: Record<string, unknown>;
  /** On an update that appends to stored lists: the items the client asked to append, by field (before identical items are merged away). */
  appended?: Record<string, unknown[]>;
}
export type { Operation } from './operation';

/**
 * An index a hot read needs beyond the automatic (businessId, field, _id) btree of an `indexed` field
 * (db/src/indexes.ts turns each into SQL; docs/decisions.md "Indexes for a million patients").
 * - `sort`: the order a list pages by (the engine's sort keys for `field`, then _id), after
 *   businessId, so a page of 50 reads 50 index entries rather than sorting every match. It serves
 *   newest first (read backwards) and, without nullsLast, oldest first too; with nullsLast the
 *   oldest-first order leads with a different key and needs its own declaration (`oldFirst`).
 *   `thenBy` orders records of the same value by a second field, the same way (last name, then
 *   first name); every sort declaration of that field must say it alike.
 * - `contains`: GIN jsonb_path_ops on a jsonb field, for the engine's `@>` filters (a tag, a room's
 *   member, an event's attendee, an organization scope). With `labels`, the field holds labels each
 *   shared by many records (a patient's tags, not ids): a page of one newest first then walks the
 *   newest rows before the index (engine/src/search-page.ts), since a common label fills a page
 *   among them while reading every match to sort it grows with the table.
 * - `search`: GIN trigram over the resource's searchable text (getSome's `search`, a substring match).
 */
export type IndexDeclaration =
  | { kind: 'sort'; field: string; nullsLast?: boolean; oldFirst?: boolean; thenBy?: string }
  | { kind: 'contains'; field: string; labels?: boolean }
  | { kind: 'search' };

export interface ResourceDefinition {
  /** Plural name as in the spec (endusers, calendar_event_RSVPs). */
  name: string;
  fields: Record<string, FieldDefinition>;
  /** Indexes for the hot reads (IndexDeclaration); the migrations create them. */
  indexes?: IndexDeclaration[];
  /** Field sets unique within a business ('Uniqueness Violation'). */
  unique?: string[][];
  /** Field sets unique across every business (organization subdomain). */
  globallyUnique?: string[][];
  /** Default access by actor before role permissions apply (identity work refines it). */
  access?: Partial<Record<Actor, Operation[]>>;
  /** Who sees and may change which rows, beyond `access` (policy.ts; interpreted by the engine's access rules). */
  policy?: ResourcePolicy;
  /** The automation-trigger events its changes amount to (interpreted by the api's automation dispatcher). */
  triggers?: TriggerRule[];
  /** What else its changes do to automations: journey membership, journey signals, reminders (the api's dispatcher interprets it). */
  automation?: AutomationRules;
  /** Checks inside the write's transaction that need the database (the last Admin): run by the engine. */
  guards?: WriteGuards;
  /**
   * Rules across fields, run on the whole record after create or update ('defaultState does not
   * exist in states'). On update, `context.previous` is the stored record before the change.
   */
  check?: (record: Record<string, unknown>, context: CheckContext) => void;
  /** Fields the server fills in on create from the caller and the payload (postedBy, creatorType, threadId ...). */
  onCreate?: (record: Record<string, unknown>, actor: ActorInfo) => Record<string, unknown>;
  /**
   * Server-maintained counters on a parent: creating a record of this resource adds one to
   * `counter` on the `resource` record named by this record's `via` field; deleting subtracts one.
   */
  countsInto?: { via: string; resource: string; counter: string }[];
  /**
   * What one reader sees of a record the generic calls answer (secrets are already gone): a room's
   * per-member unread counts shown to an enduser member as their own entry only.
   */
  readerView?: (record: Record<string, unknown>, reader: ActorInfo) => Record<string, unknown>;
  /** A valid create payload: shown in the API documentation and used by the generic CRUD tests. */
  example: Record<string, unknown>;
}

export const defineResource = <T extends ResourceDefinition>(definition: T): T => definition;

/** A counter kept by the server (numLikes, numComments ...): starts at 0, clients cannot set it. */
export const counter = (): FieldDefinition => ({ column: 'number', readonly: true, default: () => 0 });

type Options = Omit<FieldDefinition, 'column' | 'validate'>;

/** Terse builders so a resource file reads like the field lists of docs/contract/entities.md. */
export const field = {
  string: (o: Options & { max?: number } = {}): FieldDefinition => ({ column: 'text', validate: v.string(o.max), ...o }),
  text: (o: Options & { max?: number } = {}): FieldDefinition => ({ column: 'text', validate: v.text(o.max), ...o }),
  email: (o: Options = {}): FieldDefinition => ({ column: 'text', validate: v.email, searchable: true, indexed: true, ...o }),
  phone: (o: Options = {}): FieldDefinition => ({ column: 'text', validate: v.phone, searchable: true, ...o }),
  name: (o: Options = {}): FieldDefinition => ({ column: 'text', validate: v.name, searchable: true, ...o }),
  url: (o: Options = {}): FieldDefinition => ({ column: 'text', validate: v.url, ...o }),
  id: (o: Options = {}): FieldDefinition => ({ column: 'id', validate: v.id, indexed: true, ...o }),
  ids: (o: Options = {}): FieldDefinition => ({ column: 'json', validate: v.listOf(v.id), ...o }),
  strings: (o: Options & { max?: number } = {}): FieldDefinition => ({ column: 'json', validate: v.listOf(v.string(o.max)), ...o }),
  number: (o: Options = {}): FieldDefinition => ({ column: 'number', validate: v.number(), ...o }),
  nonNegative: (o: Options = {}): FieldDefinition => ({ column: 'number', validate: v.nonNegativeNumber, ...o }),
  boolean: (o: Options = {}): FieldDefinition => ({ column: 'boolean', validate: v.boolean, ...o }),
  date: (o: Options = {}): FieldDefinition => ({ column: 'date', validate: v.date, ...o }),
  oneOf: <T extends string>(choices: readonly T[], o: Options = {}): FieldDefinition => ({ column: 'text', validate: v.oneOf(choices), ...o }),
  json: (validate: Validator, o: Options = {}): FieldDefinition => ({ column: 'json', validate, ...o }),
  /** A scalar column with a validator of its own. */
  custom: (column: ColumnKind, validate: Validator, o: Options = {}): FieldDefinition => ({ column, validate, ...o }),
  /** Kept by the server only (counters, hashes, stamps written by named calls). */
  server: (column: ColumnKind, o: Options = {}): FieldDefinition => ({ column, readonly: true, ...o }),
};

/** Path segment the reference client uses: underscores become dashes; the singular drops the final s. */
export const pluralPath = (definition: ResourceDefinition) => definition.name.replace(/_/g, '-');
export const singularPath = (definition: ResourceDefinition) => pluralPath(definition).replace(/s$/, '');
