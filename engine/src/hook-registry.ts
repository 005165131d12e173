import type { EntityManager } from 'typeorm';
import type { ResourceDefinition } from '@carelane/db';
import type { Caller } from './caller';
import type { TransactionEngine } from './transaction-engine';

/** What a hook gets: the engine's transaction, the caller and the resource's definition. */
export interface HookContext {
  manager: EntityManager;
  caller: Caller;
  definition: ResourceDefinition;
  /** The engine bound to the same transaction: what a hook writes through it is validated, recorded and announced with the change. */
  tx?: TransactionEngine;
}

type Fields = Record<string, unknown>;

/**
 * Per-resource side effects, registered beside their domain (api/src/hooks/*.ts) and run by the
 * engine inside its transaction, so a hook that throws leaves nothing behind. Each may answer field
 * values to store (server fields such as delivered, messageId, sanitised HTML).
 */
export interface ResourceHooks {
  /** After validation, before the insert: refuse the record (throw) or adjust fields. */
  beforeCreate?(record: Fields, context: HookContext): Promise<Fields | void>;
  /** After the insert (the record has its _id): send, start workflows, update parents. */
  afterCreate?(record: Fields, context: HookContext): Promise<Fields | void>;
  /**
   * Whether creating a record from `payload` (the client's fields and the server's) makes this
   * hook's beforeCreate or afterCreate write to the database. Without it, a hook that has either is
   * taken to write; a create nothing writes beside its own row runs as one statement, without a
   * transaction (ResourceEngine.createOne).
   */
  writesOnCreate?(payload: Fields): boolean;
  /** After `updates` are validated, before they are written: refuse or adjust the changes. */
  beforeUpdate?(changes: Fields, context: HookContext & { existing: Fields }): Promise<Fields | void>;
}

/**
 * Which engines run hooks: only the api's. Each ResourceEngine has its own registry (`engine.hooks`),
 * and only the api process registers on its engine (api/src/app.ts: the messaging hooks of
 * api/src/hooks/index.ts, then journey status and engagement), so its generic calls, named calls
 * and the TransactionEngine and SystemEngine forms bound to it run them. The worker's engine
 * (activities/src/worker-engine.ts) registers none, so a write an activity makes runs no hook: an
 * activity that sends does so itself, through the channels it is given (activities/src/channels).
 */
export class HookRegistry {
  private readonly hooks = new Map<string, ResourceHooks[]>();

  register(resource: string, hooks: ResourceHooks) {
    this.hooks.set(resource, [...(this.hooks.get(resource) ?? []), hooks]);
  }

  private async run<K extends keyof ResourceHooks>(name: K, definition: ResourceDefinition, fields: Fields, call: (hooks: ResourceHooks) => Promise<Fields | void> | undefined) {
    const changes: Fields = {};
    for (const hooks of this.hooks.get(definition.name) ?? []) {
      if (!hooks[name]) continue;
      const result = await call(hooks);
      if (result) {
        Object.assign(changes, result);
        Object.assign(fields, result);
      }
    }
    return Object.keys(changes).length ? changes : undefined;
  }

  /** Whether a hook of the resource may write to the database when a record is created from `payload`. */
  mayWriteOnCreate(definition: ResourceDefinition, payload: Fields) {
    return (this.hooks.get(definition.name) ?? []).some(
      (hooks) => (hooks.beforeCreate !== undefined || hooks.afterCreate !== undefined) && (hooks.writesOnCreate?.(payload) ?? true),
    );
  }

  beforeCreate(definition: ResourceDefinition, record: Fields, context: Omit<HookContext, 'definition'>) {
    return this.run('beforeCreate', definition, record, (hooks) => hooks.beforeCreate?.(record, { ...context, definition }));
  }

  afterCreate(definition: ResourceDefinition, record: Fields, context: Omit<HookContext, 'definition'>) {
    return this.run('afterCreate', definition, record, (hooks) => hooks.afterCreate?.(record, { ...context, definition }));
  }

  beforeUpdate(definition: ResourceDefinition, changes: Fields, context: Omit<HookContext, 'definition'> & { existing: Fields }) {
    return this.run('beforeUpdate', definition, changes, (hooks) => hooks.beforeUpdate?.(changes, { ...context, definition }));
  }
}
