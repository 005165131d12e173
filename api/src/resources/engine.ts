import { EventEmitter } from 'node:events';
import type { DataSource, EntityManager } from 'typeorm';
import { newId, RESOURCES, resourceByName, type ResourceDefinition } from '@carelane/db';
import type { Caller } from '../auth/caller';
import { badRequest, notFound } from '../errors';
import { applyVisibility, assertRecordAccess, authorize, organizationScope } from './access';
import { parseCreate, parseUpdate } from './payload';
import { applyFilter, applyOrderAndPaging, applySearch, DEFAULT_LIMIT, MAX_LIMIT, type ListOptions } from './query';
import { serialize } from './serialize';
import { HookRegistry } from '../hooks/registry';

export type DomainEvent = {
  kind: 'created' | 'updated' | 'deleted';
  resource: string;
  businessId: string;
  record: Record<string, unknown>;
  changes?: Record<string, unknown>;
  /** For updates: the record as it was before (automations compare journeys, tags, fields). */
  previous?: Record<string, unknown>;
  /** Who made the change through the generic calls (absent for changes made by the server itself). */
  actor?: { type: 'user' | 'enduser'; id: string };
  /** The change's row in the transactional outbox (api/src/events), set by its write listener before the commit. */
  outboxId?: string;
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

  constructor(private readonly dataSource: DataSource) {}

  onWrite(listener: (manager: EntityManager, event: DomainEvent) => Promise<void>) {
    this.writeListeners.push(listener);
  }

  private async written(manager: EntityManager, event: DomainEvent) {
    for (const listener of this.writeListeners) await listener(manager, event);
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

  private scoped(manager: EntityManager, definition: ResourceDefinition, caller: Caller) {
    const query = manager.createQueryBuilder(definition.name, 'record').where('record."businessId" = :businessId', { businessId: caller.businessId });
    applyVisibility(query, definition, caller);
    return query;
  }

  /** Checks the references among `record`'s fields; `whole` is the record they will be part of (for `matches`). */
  private async checkReferences(manager: EntityManager, definition: ResourceDefinition, caller: Caller, record: Record<string, unknown>, whole = record) {
    for (const [field, rule] of Object.entries(definition.fields)) {
      const value = record[field];
      if (!rule.references || typeof value !== 'string') continue;
      const target = resourceByName.get(rule.references.resource)!;
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
    const query = this.scoped(manager, definition, caller).andWhere('record._id = :id', { id });
    // An update merges into what it read: the row stays locked until the write commits, so concurrent updates never lose each other's fields.
    if (options.lock) query.setLock('pessimistic_write');
    const row = await query.getOne();
    if (!row) throw notFound();
    return row as Record<string, unknown>;
  }

  private async insert(
    manager: EntityManager,
    definition: ResourceDefinition,
    caller: Caller,
    input: unknown,
    serverFields: Record<string, unknown> = {},
    grantedByCall = false,
  ) {
    authorize(definition, 'create', caller, { payload: asPayload(input), grantedByCall });
    const fields = { ...parseCreate(definition, input, { type: caller.type, id: caller.id }), ...serverFields };
    await this.checkReferences(manager, definition, caller, fields);
    await this.hooks.beforeCreate(definition, fields, { manager, caller });
    const now = new Date();
    const row = {
      ...fields,
      _id: newId(),
      businessId: caller.businessId,
      organizationIds: caller.organizationIds,
      sharedWithOrganizations: [],
      creator: caller.id,
      createdAt: now,
      updatedAt: now,
    };
    await manager.getRepository(definition.name).insert(row);
    await assertRecordAccess(manager, definition, caller, 'create', row._id);
    await this.adjustCounters(manager, definition, caller.businessId, [row], 1);
    const written = await this.hooks.afterCreate(definition, row, { manager, caller });
    if (written) await manager.getRepository(definition.name).update({ _id: row._id }, written);
    // The event the listeners see (and tag with its outbox row) is the one emitted after the commit.
    const event: DomainEvent = { kind: 'created', resource: definition.name, businessId: caller.businessId, record: row, actor: { type: caller.type, id: caller.id } };
    await this.written(manager, event);
    return event;
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
    const event = await this.dataSource.transaction((manager) => this.insert(manager, definition, caller, input, serverFields, grantedByCall));
    this.emit(event);
    return serialize(definition, event.record);
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
        created.push(await this.dataSource.transaction((manager) => this.insert(manager, definition, caller, input)));
      } catch (error) {
        const message = (error as Error & { driverError?: { code?: string } }).driverError?.code === '23505' ? 'Uniqueness Violation' : (error as Error).message;
        errors.push({ input, message });
      }
    }
    if (created.length === 0 && errors.length > 0) throw badRequest(errors[0].message, { errors });
    for (const event of created) this.emit(event);
    return { created: created.map((event) => serialize(definition, event.record)), errors };
  }

  async getOne(definition: ResourceDefinition, caller: Caller, id: string) {
    authorize(definition, 'read', caller, { id });
    return serialize(definition, await this.findScoped(this.dataSource.manager, definition, caller, id));
  }

  async getFirst(definition: ResourceDefinition, caller: Caller, filter: Record<string, unknown>) {
    const [first] = await this.getSome(definition, caller, { filter, limit: 1 });
    if (!first) throw notFound();
    return first;
  }

  async getSome(definition: ResourceDefinition, caller: Caller, options: ListOptions = {}) {
    authorize(definition, 'read', caller);
    const query = this.scoped(this.dataSource.manager, definition, caller);
    if (options.filter) applyFilter(query, definition, options.filter);
    if (options.search) applySearch(query, definition, options.search);
    if (options.from) query.andWhere('record."createdAt" >= :from', { from: options.from });
    if (options.to) query.andWhere('record."createdAt" <= :to', { to: options.to });
    applyOrderAndPaging(query, definition, { sort: options.sort ?? 'newFirst', sortBy: options.sortBy, lastId: options.lastId });
    query.take(Math.min(options.limit ?? DEFAULT_LIMIT, MAX_LIMIT));
    const rows = await query.getMany();
    return rows.map((row) => serialize(definition, row as Record<string, unknown>));
  }

  /** getSome's `returnCount`: how many records the caller may see that match, without loading them. */
  async count(definition: ResourceDefinition, caller: Caller, options: ListOptions = {}) {
    authorize(definition, 'read', caller);
    const query = this.scoped(this.dataSource.manager, definition, caller);
    if (options.filter) applyFilter(query, definition, options.filter);
    if (options.search) applySearch(query, definition, options.search);
    if (options.from) query.andWhere('record."createdAt" >= :from', { from: options.from });
    if (options.to) query.andWhere('record."createdAt" <= :to', { to: options.to });
    return { count: await query.getCount() };
  }

  async getByIds(definition: ResourceDefinition, caller: Caller, ids: string[]) {
    if (ids.length === 0) return [];
    return this.getSome(definition, caller, { filter: { _id: { _in: ids } }, limit: MAX_LIMIT, sort: 'oldFirst' });
  }

  /** One record's update inside `manager`'s transaction, the row locked while it is read, checked, merged and written. */
  private async update(manager: EntityManager, definition: ResourceDefinition, caller: Caller, id: string, updates: unknown, options: { replaceObjectFields?: boolean }) {
    authorize(definition, 'update', caller, { id, payload: asPayload(updates) });
    const existing = await this.findScoped(manager, definition, caller, id, { lock: true });
    authorize(definition, 'update', caller, { id, existing, payload: asPayload(updates) });
    await assertRecordAccess(manager, definition, caller, 'update', id);
    const changes = parseUpdate(definition, existing, updates, options, { type: caller.type, id: caller.id });
    await this.checkReferences(manager, definition, caller, changes, { ...existing, ...changes });
    await this.hooks.beforeUpdate(definition, changes, { manager, caller, existing });
    const updatedAt = new Date();
    await manager.getRepository(definition.name).update({ _id: id }, { ...changes, updatedAt });
    const event: DomainEvent = {
      kind: 'updated',
      resource: definition.name,
      businessId: caller.businessId,
      record: { ...existing, ...changes, updatedAt },
      changes,
      previous: existing,
      actor: { type: caller.type, id: caller.id },
    };
    await this.written(manager, event);
    return event;
  }

  async updateOne(definition: ResourceDefinition, caller: Caller, id: string, updates: unknown, options: { replaceObjectFields?: boolean } = {}) {
    authorize(definition, 'update', caller, { id, payload: asPayload(updates) });
    const event = await this.dataSource.transaction((manager) => this.update(manager, definition, caller, id, updates, options));
    this.emit(event);
    return serialize(definition, event.record);
  }

  /**
   * Several records of one resource updated in one transaction, all or none (an order of availability
   * blocks ...), each exactly as updateOne would. Rows are taken in id order, so two overlapping calls
   * wait for each other rather than deadlock.
   */
  async updateMany(definition: ResourceDefinition, caller: Caller, list: { id: string; updates: unknown }[]) {
    authorize(definition, 'update', caller);
    const ordered = [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const events = await this.dataSource.transaction(async (manager) => {
      const done: DomainEvent[] = [];
      for (const { id, updates } of ordered) done.push(await this.update(manager, definition, caller, id, updates, {}));
      return done;
    });
    for (const event of events) this.emit(event);
    return events.map((event) => serialize(definition, event.record));
  }

  async deleteOne(definition: ResourceDefinition, caller: Caller, id: string) {
    authorize(definition, 'delete', caller, { id });
    const event = await this.dataSource.transaction(async (manager) => {
      const existing = await this.findScoped(manager, definition, caller, id);
      authorize(definition, 'delete', caller, { id, existing });
      await assertRecordAccess(manager, definition, caller, 'delete', id);
      await this.removeWithDependents(manager, definition.name, caller.businessId, [id]);
      const deleted: DomainEvent = { kind: 'deleted', resource: definition.name, businessId: caller.businessId, record: existing, actor: { type: caller.type, id: caller.id } };
      await this.written(manager, deleted);
      return deleted;
    });
    this.emit(event);
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
    const definition = resourceByName.get(resource);
    if (definition?.countsInto?.length) {
      const rows = await manager.createQueryBuilder(resource, 'record').where('record."businessId" = :businessId AND record._id IN (:...ids)', { businessId, ids }).getMany();
      await this.adjustCounters(manager, definition, businessId, rows as Record<string, unknown>[], -1);
    }
    await manager.createQueryBuilder().delete().from(resource).where('"businessId" = :businessId AND _id IN (:...ids)', { businessId, ids }).execute();
  }
}
