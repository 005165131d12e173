import type { DataSource } from 'typeorm';
import type { AccountChanges } from '../auth/account-changes';

type Row = Record<string, any>;
type Kind = 'webhooks' | 'automation_triggers';

const MAX_BUSINESSES = 10_000;

/** The business's webhook configuration as the webhook consumer reads it (newest row, id and subscriptions). */
export const loadWebhookConfiguration = (dataSource: DataSource, businessId: string) =>
  // raw SQL: the consumers' cached settings for a business, read outside any request by the server itself.
  dataSource
    .createQueryBuilder('webhooks', 'webhook')
    .select(['webhook._id', 'webhook.subscriptions'])
    .where('webhook."businessId" = :businessId', { businessId })
    .orderBy('webhook._id', 'DESC')
    .getOne() as Promise<{ subscriptions?: Record<string, Record<string, boolean>> } | null>;

/** The business's active automation triggers, every event type (the dispatcher picks the types a change fires). */
export const loadActiveTriggers = (dataSource: DataSource, businessId: string) =>
  // raw SQL: the consumers' cached settings for a business, read outside any request by the server itself.
  dataSource
    .createQueryBuilder('automation_triggers', 't')
    .where('t."businessId" = :businessId AND t.status = :status', { businessId, status: 'Active' })
    .getMany() as Promise<Row[]>;

/**
 * What the change feed's consumers look up on every committed change, kept per business in this
 * process: the webhook configuration and the active automation triggers (docs/decisions.md "Issue 20
 * (continued): createOne"). Forgotten the moment PostgreSQL announces a write to either table
 * (whatever wrote it: generic call, named call, worker), with the same guarantees as the account
 * cache: a fence round trip (shared by concurrent callers) before a cached value is trusted, nothing
 * cached while the LISTEN connection is down, and a value read while a change arrived is not stored.
 * Without `changes` (a consumer built on its own) every call reads the database.
 */
export class ConsumerSettings {
  private readonly values: Record<Kind, Map<string, unknown>> = { webhooks: new Map(), automation_triggers: new Map() };
  private epoch = 0;

  constructor(private readonly dataSource: DataSource, private readonly changes?: AccountChanges) {
    changes?.onSettingsChange((change) => {
      this.epoch += 1;
      this.values[change.table].delete(change.businessId);
    });
    changes?.onReset(() => {
      this.epoch += 1;
      this.values.webhooks.clear();
      this.values.automation_triggers.clear();
    });
  }

  webhookConfiguration(businessId: string) {
    return this.cached('webhooks', businessId, () => loadWebhookConfiguration(this.dataSource, businessId));
  }

  activeTriggers(businessId: string) {
    return this.cached('automation_triggers', businessId, () => loadActiveTriggers(this.dataSource, businessId));
  }

  private async cached<T>(kind: Kind, businessId: string, load: () => Promise<T>): Promise<T> {
    const changes = this.changes;
    const values = this.values[kind];
    if (!changes?.listening) return load();
    // A cached value is trusted only once every change committed before this call has been heard.
    if (values.has(businessId)) await changes.fence();
    if (changes.listening && values.has(businessId)) return values.get(businessId) as T;
    const epoch = this.epoch;
    const value = await load();
    if (changes.listening && epoch === this.epoch) {
      if (values.size >= MAX_BUSINESSES) values.delete(values.keys().next().value!);
      values.set(businessId, value);
    }
    return value;
  }
}
