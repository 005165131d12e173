import type { EntityManager } from 'typeorm';
import { serialize, type ResourceDefinition } from '@carelane/db';
import type { Caller } from './caller';
import { authorize, narrowsRows } from './access';
import type { ListOptions } from './query';
import { selectRowById } from './select-row';
import type { CreateOptions, DomainEvent, UpdateOptions } from './engine-types';

/**
 * What a TransactionEngine asks of the engine it is bound to (ResourceEngine's own steps). Declared
 * here rather than importing ResourceEngine, so the hooks, which are handed a TransactionEngine, and
 * the engine, which runs them, import neither each other nor the engine in a loop.
 */
export interface TransactionHost {
  insert(manager: EntityManager, definition: ResourceDefinition, caller: Caller, input: unknown, serverFields?: Record<string, unknown>, options?: CreateOptions, tx?: TransactionEngine): Promise<DomainEvent>;
  update(manager: EntityManager, definition: ResourceDefinition, caller: Caller, id: string, updates: unknown, options: UpdateOptions, tx?: TransactionEngine): Promise<DomainEvent>;
  remove(manager: EntityManager, definition: ResourceDefinition, caller: Caller, id: string): Promise<DomainEvent>;
  select(manager: EntityManager, definition: ResourceDefinition, caller: Caller, options?: ListOptions & { lock?: boolean }): Promise<Record<string, unknown>[]>;
  recordChange(manager: EntityManager, event: DomainEvent): Promise<DomainEvent>;
  publish(event: DomainEvent): void;
}

/** See ResourceEngine.within. Answers serialized records, like the generic calls. */
export class TransactionEngine {
  private readonly pending: DomainEvent[] = [];

  constructor(private readonly engine: TransactionHost, readonly manager: EntityManager) {}

  async createOne(definition: ResourceDefinition, caller: Caller, input: unknown, serverFields?: Record<string, unknown>, options?: CreateOptions) {
    const event = await this.engine.insert(this.manager, definition, caller, input, serverFields, options, this);
    this.pending.push(event);
    return serialize(definition, event.record);
  }

  async updateOne(definition: ResourceDefinition, caller: Caller, id: string, updates: unknown, options: UpdateOptions = {}) {
    const event = await this.engine.update(this.manager, definition, caller, id, updates, options, this);
    this.pending.push(event);
    return serialize(definition, event.record);
  }

  async deleteOne(definition: ResourceDefinition, caller: Caller, id: string) {
    this.pending.push(await this.engine.remove(this.manager, definition, caller, id));
  }

  /** Stored rows (with `_id`, secrets included) for the server's own use; `lock` holds them until the commit. */
  rows(definition: ResourceDefinition, caller: Caller, options: ListOptions & { lock?: boolean } = {}) {
    return this.engine.select(this.manager, definition, caller, options);
  }

  async row(definition: ResourceDefinition, caller: Caller, filter: Record<string, unknown>, options: { lock?: boolean } = {}) {
    const keys = Object.keys(filter);
    if (keys.length === 1 && typeof filter._id === 'string' && !narrowsRows(definition, caller)) {
      authorize(definition, 'read', caller);
      return selectRowById(this.manager, definition, caller.businessId, filter._id, options.lock);
    }
    const [first] = await this.rows(definition, caller, { filter, limit: 1, lock: options.lock });
    return first as Record<string, unknown> | undefined;
  }

  async getSome(definition: ResourceDefinition, caller: Caller, options: ListOptions = {}) {
    return (await this.rows(definition, caller, options)).map((row) => serialize(definition, row));
  }

  /** Records a change a call wrote itself (raw SQL), to be published with the rest. */
  async recordChange(event: DomainEvent) {
    this.pending.push(await this.engine.recordChange(this.manager, event));
  }

  /** After the commit: announces every change made through this binding, once. */
  publish() {
    for (const event of this.pending.splice(0)) this.engine.publish(event);
  }
}
