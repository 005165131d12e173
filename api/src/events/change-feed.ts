import type { ChangeOutboxRow } from '@carelane/db/internal/change-outbox';
import type { DomainEvent, ResourceEngine } from '@carelane/engine';
import type { ChangeOutbox } from './change-outbox';

/** How a consumer is handed a change: `replay` when it comes from the outbox rather than straight from the commit. */
export interface ChangeContext {
  replay: boolean;
}

/**
 * Something that acts on committed changes (the automation dispatcher, subscription webhooks). It
 * must throw when it could not do its part (the change is retried) and be idempotent, since a
 * retried change may reach it again (workflow ids derived from the change make a second start a no-op).
 */
export interface ChangeConsumer {
  name: string;
  handle: (event: DomainEvent, context: ChangeContext) => Promise<void>;
}

/**
 * Hands each committed change to every consumer and settles its outbox row: deleted when all of
 * them succeeded, otherwise kept with the consumers that did and a later try (the relay replays it).
 */
export class ChangeFeed {
  private readonly consumers: ChangeConsumer[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly listener = (event: DomainEvent) => this.track(this.deliver(event, { attempts: 1, done: [], replay: false }));

  constructor(private readonly engine: ResourceEngine, private readonly outbox: ChangeOutbox) {}

  register(consumer: ChangeConsumer) {
    this.consumers.push(consumer);
    return this;
  }

  start() {
    this.engine.events.on('change', this.listener);
    return this;
  }

  /** Stops listening and waits for changes already being handled (their rows are settled or left for a relay). */
  async stop() {
    this.engine.events.off('change', this.listener);
    await this.idle();
  }

  /** Resolves when every change received so far has been handled (tests). */
  async idle() {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** A row the relay claimed: its change again, to the consumers that have not handled it yet. */
  replay(row: ChangeOutboxRow) {
    const event = { ...(row.event as unknown as DomainEvent), outboxId: row._id };
    return this.track(this.deliver(event, { attempts: row.attempts, done: row.doneConsumers ?? [], replay: true }));
  }

  /** Counts work that will hand changes on (a relay woken by a worker's announcement) as in flight, for `idle`. */
  hold(task: Promise<void>) {
    return this.track(task);
  }

  private track(task: Promise<void>) {
    const tracked = task.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return tracked;
  }

  private async deliver(event: DomainEvent, run: { attempts: number; done: string[]; replay: boolean }) {
    const pending = this.consumers.filter((consumer) => !run.done.includes(consumer.name));
    const results = await Promise.allSettled(pending.map((consumer) => consumer.handle(event, { replay: run.replay })));
    const failures = pending.flatMap((consumer, index) => {
      const result = results[index];
      return result.status === 'rejected' ? [`${consumer.name}: ${(result.reason as Error)?.message ?? String(result.reason)}`] : [];
    });
    const succeeded = pending.filter((_consumer, index) => results[index].status === 'fulfilled').map((consumer) => consumer.name);
    const what = `${event.kind} ${event.resource} ${String(event.record._id)}`;
    try {
      if (!event.outboxId) {
        // Only changes recorded through the engine have a row to retry from.
        if (failures.length) console.error(`changes: could not handle ${what} (not in the outbox): ${failures.join('; ')}`);
        return;
      }
      if (!failures.length) return void (await this.outbox.remove(event.outboxId));
      const outcome = await this.outbox.failed(event as DomainEvent & { outboxId: string }, succeeded, run.attempts, failures.join('; '));
      console.error(`changes: could not handle ${what} (try ${run.attempts}, ${outcome === 'retry' ? 'will retry' : 'given up, see background_errors'}): ${failures.join('; ')}`);
    } catch (error) {
      // The row stays as it was: the relay takes it when it is due.
      console.error(`changes: could not settle the outbox row of ${what}: ${(error as Error).message}`);
    }
  }
}
