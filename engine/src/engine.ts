import { EventEmitter } from 'node:events';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { newId, RESOURCES, resourceByName, type ResourceDefinition } from '@carelane/db';
import { systemCaller, type Caller } from './caller';
import { badRequest, notFound } from './errors';
import { applyVisibility, assertListFilterAccess, assertRecordAccess, authorize, narrowsRows, runGuard, organizationScope, visibilityFilter } from './access';
import { jsonArray, recordJsonById, recordsJson } from './json-read';
import { parseCreate, parseUpdate } from './payload';
import { applyCareTeam, applyFilter, applyOrderAndPaging, applySearch, DEFAULT_LIMIT, MAX_LIMIT, type ListOptions } from './query';
import { serialize } from '@carelane/db';
import { parsePlacement, parseSharing } from './sharing';
import { HookRegistry } from './hook-registry';
import type { CreateOptions, DomainEvent, StatementListener, UpdateOptions } from './engine-types';
import { TransactionEngine } from './transaction-engine';
import { walkedPageQuery, walkedRowsSql, walksFirst } from './search-page';
import { insertRowStatement } from './insert-row';
import { runTogether, type Statement } from './statements';
import { recordExists, selectRowById } from './select-row';

const actorOf = (caller: Caller): DomainEvent['actor'] => ((caller as { system?: true }).system ? undefined : { type: caller.type, id: caller.id });

/** A record as `caller` receives it from a generic call: serialized, then the definition's view for that reader. */
const present = (definition: ResourceDefinition, caller: Caller, row: Record<string, unknown>) => {
  const record = serialize(definition, row);
  return definition.readerView ? definition.readerView(record, { type: caller.type, id: caller.id }) : record;
};

const asPayload = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Who points at whom: for each resource, the fields elsewhere that reference it and what deletion does. */
const REFERENCES_TO = new Map<string, { resource: string; field: string; onDelete: 'cascade' | 'unset' | 'none' }[]>();
for (const definition of RESOURCES) {
  for (const [field, rule] of Object.entries(definition.fields)) {
    if (!rule.references) continue;
    const list = REFERENCES_TO.get(rule.references.resource) ?? [];
    list.push({ resource: definition.name, field, onDelete: rule.references.onDelete });
    REFERENCES_TO.set(rule.references.resource, list);
  }
}

/** Maps keyed by ids of a resource (an enduser's journeys): for each resource, the fields whose keys name it. */
const KEY_REFERENCES_TO = new Map<string, { resource: string; field: string }[]>();
for (const definition of RESOURCES) {
  for (const [field, rule] of Object.entries(definition.fields)) {
    if (!rule.keysReference) continue;
    KEY_REFERENCES_TO.set(rule.keysReference.resource, [...(KEY_REFERENCES_TO.get(rule.keysReference.resource) ?? []), { resource: definition.name, field }]);
  }
}

/**
 * The generic resource engine: validate, authorise, read or write inside one transaction, serialise,
 * then emit one domain event per committed change. It knows nothing about HTTP; every query it runs
 * is scoped to the caller's business.
 */
export class ResourceEngine {
  readonly events = new EventEmitter();
  /** Per-resource side effects (api/src/hooks), run inside each create and update transaction. */
  readonly hooks = new HookRegistry();

  /** Run inside every generic write's transaction, so what they write (the audit trail) commits with the change or not at all. */
  private readonly writeListeners: ((manager: EntityManager, event: DomainEvent) => Promise<void>)[] = [];
  /** Write listeners that only add a statement: run in one statement with the others (and with a create's own INSERT). */
  private readonly statementListeners: StatementListener[] = [];

  constructor(private readonly dataSource: DataSource) {}

  onWrite(listener: (manager: EntityManager, event: DomainEvent) => Promise<void>) {
    this.writeListeners.push(listener);
  }

  onWriteStatement(listener: StatementListener) {
    this.statementListeners.push(listener);
  }

  private recordingStatements(event: DomainEvent) {
    return this.statementListeners.flatMap((listener) => listener.record(event) ?? []);
  }

  /** The write listeners for `event`; `alongside`: the change's own statement, run together with theirs. */
  private async written(manager: EntityManager, event: DomainEvent, alongside?: Statement) {
    await runTogether(manager, [...(alongside ? [alongside] : []), ...this.recordingStatements(event)]);
    for (const listener of this.writeListeners) await listener(manager, event);
  }

  /** The change's record was written again in its transaction (a hook's fields): listeners' statements catch up. */
  private async revised(manager: EntityManager, event: DomainEvent) {
    const statements = this.statementListeners.map((listener) => listener.revise?.(event)).filter((statement): statement is Statement => statement !== undefined);
    await runTogether(manager, statements);
  }

  private emit(event: DomainEvent) {
    this.events.emit('change', event);
  }

  /**
   * For named calls that write records themselves: runs the write listeners (the change's outbox
   * row ...) inside the call's transaction. After the commit, `publish` the same event.
   */
  async recordChange(manager: EntityManager, event: DomainEvent) {
    await this.written(manager, event);
    return event;
  }

  /** Announces a change recorded with `recordChange` once its transaction committed. */
  publish(event: DomainEvent) {
    this.emit(event);
  }

  /**
   * A transaction for a generic call: hooks write what follows from the change through `tx` (an
   * enduser moved by a status update ...), and those changes are announced once it committed.
   */
  private async inTransaction<T>(work: (manager: EntityManager, tx: TransactionEngine) => Promise<T>) {
    let tx: TransactionEngine | undefined;
    const result = await this.dataSource.transaction((manager) => {
      tx = this.within(manager);
      return work(manager, tx);
    });
    tx?.publish();
    return result;
  }

  /** The caller's rows of `definition` (or of `source`, a subquery over its table named `record` like it). */
  private scoped(manager: EntityManager, definition: ResourceDefinition, caller: Caller, source?: string) {
    const from = source ? manager.createQueryBuilder().from(source, 'record') : manager.createQueryBuilder(definition.name, 'record');
    const query = from.where('record."businessId" = :businessId', { businessId: caller.businessId });
    applyVisibility(query, definition, caller);
    return query;
  }

  /** Checks the references among `record`'s fields; `whole` is the record they will be part of (for `matches`). */
  private async checkReferences(manager: EntityManager, definition: ResourceDefinition, caller: Caller, record: Record<string, unknown>, whole = record, previous?: Record<string, unknown>) {
    for (const [field, rule] of Object.entries(definition.fields)) {
      const value = record[field];
      if (rule.keysReference && asPayload(value)) {
        // Only keys the write adds are checked: a stored key was checked when it was added.
        const stored = asPayload(previous?.[field]) ?? {};
        const added = Object.keys(value as object).filter((key) => !Object.hasOwn(stored, key));
        if (added.length === 0) continue;
        const target = resourceByName.get(rule.keysReference.resource)!;
        const query = manager
          .createQueryBuilder(target.name, 'target')
          .where('target._id IN (:...ids) AND target."businessId" = :businessId', { ids: added, businessId: caller.businessId });
        organizationScope(query, target, caller, 'target');
        if ((await query.getCount()) !== new Set(added).size) throw badRequest('Could not find a related record for the given id(s)', { field });
        continue;
      }
      if (!rule.references || typeof value !== 'string') continue;
      const target = resourceByName.get(rule.references.resource)!;
      if (caller.organizationIds.length === 0 && !rule.references.matches?.length) {
        // Nothing but tenant and id to check (a root-organization caller, the system): one plain statement.
        if (!(await recordExists(manager, target, caller.businessId, value))) throw badRequest('Could not find a related record for the given id(s)', { field });
        continue;
      }
      const query = manager
        .createQueryBuilder(target.name, 'target')
        .where('target._id = :id AND target."businessId" = :businessId', { id: value, businessId: caller.businessId });
      // Only what the caller's organization scope holds can be named, so ids of a sibling organization reveal nothing.
      organizationScope(query, target, caller, 'target');
      for (const shared of rule.references.matches ?? []) {
        query.andWhere(`target."${shared}" IS NOT DISTINCT FROM :match_${shared}`, { [`match_${shared}`]: whole[shared] ?? null });
      }
      if (!(await query.getExists())) throw badRequest('Could not find a related record for the given id(s)', { field });
    }
  }

  private async findScoped(manager: EntityManager, definition: ResourceDefinition, caller: Caller, id: string, options: { lock?: boolean } = {}) {
    if (!narrowsRows(definition, caller)) {
      const row = await selectRowById(manager, definition, caller.businessId, id, options.lock);
      if (!row) throw notFound();
      return row;
    }
    const query = this.scoped(manager, definition, caller).andWhere('record._id = :id', { id });
    // An update merges into what it read: the row stays locked until the write commits, so concurrent updates never lose each other's fields.
    if (options.lock) query.setLock('pessimistic_write');
    const row = await query.getOne();
    if (!row) throw notFound();
    return row as Record<string, unknown>;
  }

  /** @internal One record's create inside `manager`'s transaction (the generic calls and TransactionEngine). */
  async insert(
    manager: EntityManager,
    definition: ResourceDefinition,
    caller: Caller,
    input: unknown,
    serverFields: Record<string, unknown> = {},
    options: CreateOptions = {},
    tx: TransactionEngine = this.within(manager),
  ) {
    const grantedByCall = options.grantedByCall === true;
    authorize(definition, 'create', caller, { payload: asPayload(input), grantedByCall });
    const fields = { ...parseCreate(definition, input, { type: caller.type, id: caller.id }), ...serverFields };
    await this.checkReferences(manager, definition, caller, fields);
    const sharing = asPayload(input)?.sharedWithOrganizations;
    const organizationIds = options.organizationIds ?? caller.organizationIds;
    // What an enduser writes is shared where the enduser is (a ticket of a patient shared with a
    // sub-organization is seen there too), unless the payload says otherwise.
    const inherited = caller.type === 'enduser' && Array.isArray(caller.record.sharedWithOrganizations) ? (caller.record.sharedWithOrganizations as unknown[]) : [];
    const sharedWithOrganizations = sharing === undefined ? inherited : await parseSharing(manager, caller, organizationIds, sharing);
    await this.hooks.beforeCreate(definition, fields, { manager, caller, tx });
    const now = new Date();
    const row = {
      ...fields,
      _id: options.id ?? newId(),
      businessId: caller.businessId,
      organizationIds,
      sharedWithOrganizations,
      creator: options.creator !== undefined ? options.creator : actorOf(caller) ? caller.id : null,
      createdAt: now,
      updatedAt: now,
    };
    // The event the listeners see (and tag with its outbox row) is the one emitted after the commit.
    const event: DomainEvent = { kind: 'created', resource: definition.name, businessId: caller.businessId, record: row, actor: 'actor' in options ? options.actor : actorOf(caller) };
    // The row and what the listeners record (audit row, outbox row) in one statement; the checks and
    // hooks below run after it in the same transaction, so a refusal still rolls all of it back.
    await this.written(manager, event, insertRowStatement(manager, definition, row));
    await assertRecordAccess(manager, definition, caller, 'create', row._id);
    await this.adjustCounters(manager, definition, caller.businessId, [row], 1);
    const written = await this.hooks.afterCreate(definition, row, { manager, caller, tx });
    if (written) {
      await manager.getRepository(definition.name).update({ _id: row._id }, written);
      await this.revised(manager, event);
    }
    return event;
  }

  /**
   * Whether a create writes nothing beside its own statement (the row with the listeners' audit and
   * outbox rows, engine/src/statements.ts): no write listener of its own, no counter to keep, no
   * row check after the insert, no hook that writes. Such a create needs no transaction: what it
   * reads first (references, sharing) is read as inside one at READ COMMITTED, and the one statement
   * is atomic, so BEGIN and COMMIT (two round trips of three) are left out. Decided before anything
   * is written.
   */
  private createsInOneStatement(definition: ResourceDefinition, caller: Caller, input: unknown, serverFields: Record<string, unknown> = {}) {
    if (this.writeListeners.length > 0 || definition.countsInto?.length) return false;
    if (visibilityFilter(definition, caller, 'create')) return false;
    return !this.hooks.mayWriteOnCreate(definition, { ...asPayload(input), ...serverFields });
  }

  /** Keeps parents' counters (numComments, numLikes ...) in step with their children, in the same transaction. */
  private async adjustCounters(manager: EntityManager, definition: ResourceDefinition, businessId: string, rows: Record<string, unknown>[], delta: 1 | -1) {
    for (const rule of definition.countsInto ?? []) {
      const perParent = new Map<string, number>();
      for (const row of rows) {
        const parentId = row[rule.via];
        if (typeof parentId === 'string') perParent.set(parentId, (perParent.get(parentId) ?? 0) + delta);
      }
      for (const [parentId, change] of perParent) {
        await manager.query(
          `UPDATE "${rule.resource}" SET "${rule.counter}" = GREATEST(COALESCE("${rule.counter}", 0) + $1, 0) WHERE _id = $2 AND "businessId" = $3`,
          [change, parentId, businessId],
        );
      }
    }
  }

  /**
   * `serverFields` are values a named call sets itself (access codes ...), after the client's payload is
   * validated. `grantedByCall`: the named call itself grants the create to a caller whose kind may not
   * create the resource through the generic call (an enduser preparing their own form response); every
   * other rule still applies.
   */
  async createOne(definition: ResourceDefinition, caller: Caller, input: unknown, serverFields?: Record<string, unknown>, options: { grantedByCall?: boolean } = {}) {
    const grantedByCall = options.grantedByCall === true;
    authorize(definition, 'create', caller, { grantedByCall });
    const event = this.createsInOneStatement(definition, caller, input, serverFields)
      ? await this.insert(this.dataSource.manager, definition, caller, input, serverFields, { grantedByCall })
      : await this.inTransaction((manager, tx) => this.insert(manager, definition, caller, input, serverFields, { grantedByCall }, tx));
    this.emit(event);
    return present(definition, caller, event.record);
  }

  /** Each record in its own savepoint: the valid ones are created, the rest reported in `errors`. */
  async createSome(definition: ResourceDefinition, caller: Caller, inputs: unknown) {
    authorize(definition, 'create', caller);
    if (!Array.isArray(inputs)) throw badRequest('Error parsing field create: Expecting a list');
    if (inputs.length > MAX_LIMIT) throw badRequest('Error parsing field create: Arrays should not contain more than 1000 elements');
    const created: DomainEvent[] = [];
    const errors: { input: unknown; message: string }[] = [];
    for (const input of inputs) {
      try {
        created.push(await this.inTransaction((manager, tx) => this.insert(manager, definition, caller, input, {}, {}, tx)));
      } catch (error) {
        const message = (error as Error & { driverError?: { code?: string } }).driverError?.code === '23505' ? 'Uniqueness Violation' : (error as Error).message;
        errors.push({ input, message });
      }
    }
    if (created.length === 0 && errors.length > 0) throw badRequest(errors[0].message, { errors });
    for (const event of created) this.emit(event);
    return { created: created.map((event) => present(definition, caller, event.record)), errors };
  }

  async getOne(definition: ResourceDefinition, caller: Caller, id: string) {
    authorize(definition, 'read', caller, { id });
    return present(definition, caller, await this.findScoped(this.dataSource.manager, definition, caller, id));
  }

  /**
   * getOne for several readers who share `caller`'s row conditions (realtime: one read for a group of
   * sockets already found to read the record): one scoped read as `caller`, then each reader's view,
   * presented exactly as getOne presents it to that reader (an enduser sees its own unread count
   * only). Answers in the readers' order; readers whose view is the record unchanged share one object.
   */
  async getOneForEach(definition: ResourceDefinition, caller: Caller, id: string, readers: Caller[]) {
    authorize(definition, 'read', caller, { id });
    const record = serialize(definition, await this.findScoped(this.dataSource.manager, definition, caller, id));
    const view = definition.readerView;
    return readers.map((reader) => (view ? view(record, { type: reader.type, id: reader.id }) : record));
  }

  /**
   * getOne as the JSON text answered on the wire, built by PostgreSQL (json-read.ts). A caller whose
   * reads no row condition or organization scope narrows (staff of the root organization with
   * 'All'/'Default' access) is answered by one prepared statement; everyone else through the same
   * scoped query as getOne.
   */
  async getOneJson(definition: ResourceDefinition, caller: Caller, id: string): Promise<string> {
    // A reader-dependent view (an enduser's own unread count only) is applied in Node.
    if (definition.readerView) return JSON.stringify(await this.getOne(definition, caller, id));
    authorize(definition, 'read', caller, { id });
    const json =
      !narrowsRows(definition, caller)
        ? await recordJsonById(this.dataSource, definition, caller.businessId, id)
        : (await recordsJson(this.scoped(this.dataSource.manager, definition, caller).andWhere('record._id = :id', { id }), definition))[0];
    if (json === undefined) throw notFound();
    return json;
  }

  async getFirst(definition: ResourceDefinition, caller: Caller, filter: Record<string, unknown>) {
    const [first] = await this.getSome(definition, caller, { filter, limit: 1 });
    if (!first) throw notFound();
    return first;
  }

  /** The records a list or count covers: the caller's scope narrowed by the options' filter, search and creation range. */
  private async matchingQuery(definition: ResourceDefinition, caller: Caller, options: ListOptions) {
    authorize(definition, 'read', caller);
    await assertListFilterAccess(this.dataSource.manager, definition, caller, options.filter);
    return this.narrowed(this.scoped(this.dataSource.manager, definition, caller), definition, options);
  }

  /** The options' filter, search and creation range on the caller's rows. */
  private narrowed(query: SelectQueryBuilder<object>, definition: ResourceDefinition, options: ListOptions) {
    if (options.filter) applyFilter(query, definition, options.filter);
    if (options.search) applySearch(query, definition, options.search);
    if (options.careTeamIncludes) applyCareTeam(query, definition, options.careTeamIncludes);
    if (options.from) query.andWhere('record."createdAt" >= :from', { from: options.from });
    if (options.to) query.andWhere('record."createdAt" <= :to', { to: options.to });
    return query;
  }

  private async listQuery(definition: ResourceDefinition, caller: Caller, options: ListOptions) {
    const query = await this.matchingQuery(definition, caller, options);
    const sort = options.sort ?? 'newFirst';
    const limit = Math.min(options.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
    applyOrderAndPaging(query, definition, { sort, sortBy: options.sortBy, lastId: options.lastId, nullsLast: options.nullsLast, search: options.search, filter: options.filter });
    query.take(limit);
    if (!walksFirst(definition, caller, options, limit)) return query;
    // A search or a tag newest first: the newest rows walked first, the index after (search-page.ts).
    const walk = (rows: number) => {
      const walked = this.narrowed(this.scoped(this.dataSource.manager, definition, caller, walkedRowsSql(definition, options, rows)), definition, options);
      applyOrderAndPaging(walked, definition, { sort, lastId: options.lastId });
      return walked.select('record._id', 'id').limit(limit);
    };
    const narrowed = query.clone().select('record._id', 'id');
    return walkedPageQuery(this.dataSource.manager, definition, { walk, narrowed, limit, businessId: caller.businessId, sort });
  }

  async getSome(definition: ResourceDefinition, caller: Caller, options: ListOptions = {}) {
    const rows = await (await this.listQuery(definition, caller, options)).getMany();
    return rows.map((row) => present(definition, caller, row as Record<string, unknown>));
  }

  /** getSome as the JSON array text answered on the wire, built by PostgreSQL in the same scoped query (json-read.ts). */
  async getSomeJson(definition: ResourceDefinition, caller: Caller, options: ListOptions = {}) {
    // A search's plan depends on its term (rare or common), so it is planned from its text every time (json-read.ts).
    const records = await recordsJson(await this.listQuery(definition, caller, options), definition, { prepare: !options.search });
    // A reader-dependent view (an enduser's own unread count only) is applied in Node, to the records as the wire has them.
    const view = definition.readerView;
    if (view) return JSON.stringify(records.map((json) => view(JSON.parse(json) as Record<string, unknown>, { type: caller.type, id: caller.id })));
    return jsonArray(records);
  }

  /** getSome's `returnCount`: how many records the caller may see that match, without loading them. */
  async count(definition: ResourceDefinition, caller: Caller, options: ListOptions = {}) {
    return { count: await (await this.matchingQuery(definition, caller, options)).getCount() };
  }

  async getByIds(definition: ResourceDefinition, caller: Caller, ids: string[]) {
    if (ids.length === 0) return [];
    return this.getSome(definition, caller, { filter: { _id: { _in: ids } }, limit: MAX_LIMIT, sort: 'oldFirst' });
  }

  /** getByIds as the list call's JSON array text (getSomeJson): those of `ids` the caller may see, oldest first; at most MAX_LIMIT. */
  async getByIdsJson(definition: ResourceDefinition, caller: Caller, ids: string[]) {
    if (ids.length === 0) return '[]';
    return this.getSomeJson(definition, caller, { filter: { _id: { _in: ids } }, limit: ids.length, sort: 'oldFirst' });
  }

  /** One record's update inside `manager`'s transaction, the row locked while it is read, checked, merged and written. */
  /** @internal (the generic calls and TransactionEngine) */
  async update(
    manager: EntityManager,
    definition: ResourceDefinition,
    caller: Caller,
    id: string,
    updates: unknown,
    options: UpdateOptions,
    tx: TransactionEngine = this.within(manager),
  ) {
    authorize(definition, 'update', caller, { id, payload: asPayload(updates) });
    const existing = await this.findScoped(manager, definition, caller, id, { lock: true });
    authorize(definition, 'update', caller, { id, existing, payload: asPayload(updates) });
    await assertRecordAccess(manager, definition, caller, 'update', id);
    const changes = parseUpdate(definition, existing, updates, options, { type: caller.type, id: caller.id });
    const sharing = asPayload(updates)?.sharedWithOrganizations;
    if (sharing !== undefined) changes.sharedWithOrganizations = await parseSharing(manager, caller, existing.organizationIds, sharing, existing.sharedWithOrganizations);
    const placement = asPayload(updates)?.organizationIds;
    if (placement !== undefined && caller.type === 'user' && definition.policy?.staff?.movesOrganizations) {
      const moved = await parsePlacement(manager, caller, placement, existing.organizationIds);
      if (moved) changes.organizationIds = moved;
    }
    // Values the server sets itself (a password hash, an unsubscribe list ...), after the client's part is validated.
    if (options.serverFields) Object.assign(changes, options.serverFields);
    await this.checkReferences(manager, definition, caller, changes, { ...existing, ...changes }, existing);
    await runGuard(manager, definition, caller, 'beforeUpdate', { id, existing, changes });
    await this.hooks.beforeUpdate(definition, changes, { manager, caller, existing, tx });
    const updatedAt = new Date();
    await manager.getRepository(definition.name).update({ _id: id }, { ...changes, updatedAt });
    const event: DomainEvent = {
      kind: 'updated',
      resource: definition.name,
      businessId: caller.businessId,
      record: { ...existing, ...changes, updatedAt },
      changes,
      previous: existing,
      actor: actorOf(caller),
    };
    await this.written(manager, event);
    return event;
  }

  async updateOne(definition: ResourceDefinition, caller: Caller, id: string, updates: unknown, options: { replaceObjectFields?: boolean } = {}) {
    authorize(definition, 'update', caller, { id, payload: asPayload(updates) });
    // Only the client's own option passes: server fields are for named calls (TransactionEngine), never a request body.
    const clientOptions = { replaceObjectFields: options.replaceObjectFields === true };
    const event = await this.inTransaction((manager, tx) => this.update(manager, definition, caller, id, updates, clientOptions, tx));
    this.emit(event);
    return present(definition, caller, event.record);
  }

  /**
   * Several records of one resource updated in one transaction, all or none (an order of availability
   * blocks ...), each exactly as updateOne would. Rows are taken in id order, so two overlapping calls
   * wait for each other rather than deadlock.
   */
  async updateMany(definition: ResourceDefinition, caller: Caller, list: { id: string; updates: unknown }[]) {
    authorize(definition, 'update', caller);
    const ordered = [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const events = await this.inTransaction(async (manager, tx) => {
      const done: DomainEvent[] = [];
      for (const { id, updates } of ordered) done.push(await this.update(manager, definition, caller, id, updates, {}, tx));
      return done;
    });
    for (const event of events) this.emit(event);
    return events.map((event) => present(definition, caller, event.record));
  }

  async deleteOne(definition: ResourceDefinition, caller: Caller, id: string) {
    authorize(definition, 'delete', caller, { id });
    const event = await this.dataSource.transaction((manager) => this.remove(manager, definition, caller, id));
    this.emit(event);
  }

  /** @internal One record's delete (and what cascades from it) inside `manager`'s transaction. */
  async remove(manager: EntityManager, definition: ResourceDefinition, caller: Caller, id: string) {
    authorize(definition, 'delete', caller, { id });
    const existing = await this.findScoped(manager, definition, caller, id);
    authorize(definition, 'delete', caller, { id, existing });
    await assertRecordAccess(manager, definition, caller, 'delete', id);
    await this.removeWithDependents(manager, definition.name, caller.businessId, [id]);
    const deleted: DomainEvent = { kind: 'deleted', resource: definition.name, businessId: caller.businessId, record: existing, actor: actorOf(caller) };
    await this.written(manager, deleted);
    return deleted;
  }

  /** @internal Rows as the caller may see them, inside `manager`'s transaction (optionally locked). */
  async select(manager: EntityManager, definition: ResourceDefinition, caller: Caller, options: ListOptions & { lock?: boolean } = {}) {
    authorize(definition, 'read', caller);
    const query = this.scoped(manager, definition, caller);
    if (options.filter) applyFilter(query, definition, options.filter);
    if (options.search) applySearch(query, definition, options.search);
    applyOrderAndPaging(query, definition, { sort: options.sort ?? 'oldFirst', sortBy: options.sortBy, lastId: options.lastId });
    query.take(Math.min(options.limit ?? MAX_LIMIT, MAX_LIMIT));
    if (options.lock) query.setLock('pessimistic_write');
    return (await query.getMany()) as Record<string, unknown>[];
  }

  /**
   * @internal Writes server-kept bookkeeping fields (session version, last activity, password hash)
   * of one record the caller may update, tenant-scoped, without a change event: signing in is not a
   * change automations, webhooks or the audit trail react to. Any field of the definition is
   * accepted (the values are the call's own, never a request body's): keep it to bookkeeping.
   * `where` adds conditions on `record` (a compare-and-set on the session version); `at` is the
   * updatedAt written (a caller answering the record passes the time it answers). Answers whether
   * a row was written.
   */
  async touchWithin(manager: EntityManager, definition: ResourceDefinition, caller: Caller, id: string, fields: Record<string, unknown>, where?: { sql: string; params: Record<string, unknown> }, at = new Date()) {
    for (const key of Object.keys(fields)) {
      if (!definition.fields[key]) throw new Error(`touch: ${definition.name} has no field ${key}`);
    }
    const allowed = this.scoped(manager, definition, caller).select('record._id').andWhere('record._id = :id', { id });
    if (where) allowed.andWhere(where.sql, where.params);
    const result = await manager
      .createQueryBuilder()
      .update(definition.name)
      .set({ ...fields, updatedAt: at })
      .where(`_id IN (${allowed.getQuery()})`, allowed.getParameters())
      .execute();
    return (result.affected ?? 0) > 0;
  }

  touch(definition: ResourceDefinition, caller: Caller, id: string, fields: Record<string, unknown>, where?: { sql: string; params: Record<string, unknown> }) {
    return this.touchWithin(this.dataSource.manager, definition, caller, id, fields, where);
  }

  /** Stored rows (with `_id`, secrets included) as the caller may see them, for the server's own decisions; never answered as they are. */
  rows(definition: ResourceDefinition, caller: Caller, options: ListOptions = {}) {
    return this.select(this.dataSource.manager, definition, caller, options);
  }

  /**
   * The engine bound to a transaction a named call (or activity) already holds: every write
   * validates, authorises, scopes to the tenant, keeps counters and records its change in the
   * transaction; `publish()` after the commit announces the changes (triggers, webhooks, realtime).
   */
  within(manager: EntityManager) {
    return new TransactionEngine(this, manager);
  }

  /** Runs `work` in a new transaction with the engine bound to it, and publishes its changes once it committed. */
  async transaction<T>(work: (tx: TransactionEngine) => Promise<T>): Promise<T> {
    let bound: TransactionEngine | undefined;
    const result = await this.dataSource.transaction(async (manager) => {
      bound = this.within(manager);
      return work(bound);
    });
    bound?.publish();
    return result;
  }

  /**
   * The server itself acting for a business (public calls, automations): an Admin without a creator
   * or actor, of the root organization unless `organizationIds` places it lower (an automation acts
   * from its owner's organization: docs/decisions.md, "Automations act within their owner's
   * organization"). Everything else (validation, tenant and organization scope, counters,
   * serialisation, change events) is as for any caller.
   */
  system(businessId: string, organizationIds: string[] = []) {
    return new SystemEngine(this, businessId, organizationIds);
  }

  /** Deletes records and, following the definitions' references, whatever cascades from them. */
  private async removeWithDependents(manager: EntityManager, resource: string, businessId: string, ids: string[]) {
    if (ids.length === 0) return;
    for (const reference of REFERENCES_TO.get(resource) ?? []) {
      if (reference.onDelete === 'none') continue;
      const where = `"businessId" = :businessId AND "${reference.field}" IN (:...ids)`;
      if (reference.onDelete === 'unset') {
        await manager.createQueryBuilder().update(reference.resource).set({ [reference.field]: null }).where(where, { businessId, ids }).execute();
        continue;
      }
      const dependents = await manager.createQueryBuilder(reference.resource, 'record').select('record._id', '_id').where(where, { businessId, ids }).getRawMany();
      await this.removeWithDependents(manager, reference.resource, businessId, dependents.map((d: { _id: string }) => d._id));
    }
    // After the cascades, so a delete takes its dependents' rows before the maps' owners (an enduser
    // deleted at the same time takes them in the same order: no deadlock).
    for (const reference of KEY_REFERENCES_TO.get(resource) ?? []) {
      const column = `"${reference.field}"`;
      await manager.query(
        `UPDATE "${reference.resource}" SET ${column} = ${column} - $2::text[], "updatedAt" = now() WHERE "businessId" = $1 AND ${column} ?| $2::text[]`,
        [businessId, ids],
      );
    }
    const definition = resourceByName.get(resource);
    if (definition?.countsInto?.length) {
      const rows = await manager.createQueryBuilder(resource, 'record').where('record."businessId" = :businessId AND record._id IN (:...ids)', { businessId, ids }).getMany();
      await this.adjustCounters(manager, definition, businessId, rows as Record<string, unknown>[], -1);
    }
    await manager.createQueryBuilder().delete().from(resource).where('"businessId" = :businessId AND _id IN (:...ids)', { businessId, ids }).execute();
  }
}

/** See ResourceEngine.system. */
export class SystemEngine {
  readonly caller: Caller;

  constructor(private readonly engine: ResourceEngine, readonly businessId: string, organizationIds: string[] = []) {
    this.caller = systemCaller(businessId, organizationIds);
  }

  createOne(definition: ResourceDefinition, input: unknown, serverFields?: Record<string, unknown>, options: CreateOptions = {}) {
    return this.engine.transaction((tx) => tx.createOne(definition, this.caller, input, serverFields, options));
  }

  updateOne(definition: ResourceDefinition, id: string, updates: unknown, options: UpdateOptions = {}) {
    return this.engine.transaction((tx) => tx.updateOne(definition, this.caller, id, updates, options));
  }

  getOne(definition: ResourceDefinition, id: string) {
    return this.engine.getOne(definition, this.caller, id);
  }

  getSome(definition: ResourceDefinition, options: ListOptions = {}) {
    return this.engine.getSome(definition, this.caller, options);
  }

  /** Stored rows for the server's own decisions (a password hash checked ...), never answered as they are. */
  rows(definition: ResourceDefinition, options: ListOptions = {}) {
    return this.engine.rows(definition, this.caller, options);
  }

  /** Session bookkeeping without a change event (see ResourceEngine.touchWithin). */
  touch(definition: ResourceDefinition, id: string, fields: Record<string, unknown>, where?: { sql: string; params: Record<string, unknown> }) {
    return this.engine.touch(definition, this.caller, id, fields, where);
  }

  /** The system's binding to a transaction already held: writes with the system as caller. */
  within(manager: EntityManager) {
    const bound = this.engine.within(manager);
    const caller = this.caller;
    return {
      tx: bound,
      createOne: (definition: ResourceDefinition, input: unknown, serverFields?: Record<string, unknown>, options?: CreateOptions) => bound.createOne(definition, caller, input, serverFields, options),
      updateOne: (definition: ResourceDefinition, id: string, updates: unknown, options?: UpdateOptions) => bound.updateOne(definition, caller, id, updates, options),
      deleteOne: (definition: ResourceDefinition, id: string) => bound.deleteOne(definition, caller, id),
      rows: (definition: ResourceDefinition, options?: ListOptions & { lock?: boolean }) => bound.rows(definition, caller, options),
      row: (definition: ResourceDefinition, filter: Record<string, unknown>, options?: { lock?: boolean }) => bound.row(definition, caller, filter, options),
      publish: () => bound.publish(),
    };
  }
}
