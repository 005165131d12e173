import { EventEmitter } from 'node:events';
import Redis from 'ioredis';

/**
 * One committed change as every api process hears it: enough to decide who may read the record and
 * to answer them (the record as stored, secrets already left out by the change outbox).
 */
export interface RealtimeChange {
  kind: 'created' | 'updated' | 'deleted';
  resource: string;
  businessId: string;
  record: Record<string, unknown>;
}

/** Carries each committed change to every api process (this one included). */
export interface RealtimeBus {
  publish(change: RealtimeChange): Promise<void>;
  /** The handler runs once per change published by any process; returns the unsubscribe. */
  subscribe(handler: (change: RealtimeChange) => void): () => void;
  close(): Promise<void>;
}

/** A single api process: changes go from the change feed to the subscribers without leaving it. */
export class InProcessBus implements RealtimeBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(change: RealtimeChange) {
    // Delivered on the next tick, as Redis would, so a publisher never runs subscribers' work inline.
    setImmediate(() => this.emitter.emit('change', change));
  }

  subscribe(handler: (change: RealtimeChange) => void) {
    this.emitter.on('change', handler);
    return () => void this.emitter.off('change', handler);
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}

/**
 * Redis pub/sub, shared by every api process: a change committed through one reaches subscribers
 * connected to any other. Pub/sub keeps nothing, so a process that is down misses changes (its
 * clients reconnect and reload); the outbox guarantees each change is published at least once.
 */
export class RedisBus implements RealtimeBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly ready: Promise<unknown>;

  constructor(url: string, private readonly channel = 'carelane:realtime:changes') {
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url, { lazyConnect: false });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => console.error(`realtime: redis: ${error.message}`));
    }
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      try {
        this.emitter.emit('change', JSON.parse(message) as RealtimeChange);
      } catch (error) {
        console.error(`realtime: unreadable message on ${channel}: ${(error as Error).message}`);
      }
    });
    this.ready = this.subscriber.subscribe(this.channel);
  }

  /** Resolves once this process listens on the channel (a change published before that is not heard here). */
  whenReady() {
    return this.ready.then(() => undefined);
  }

  async publish(change: RealtimeChange) {
    await this.publisher.publish(this.channel, JSON.stringify(change));
  }

  subscribe(handler: (change: RealtimeChange) => void) {
    this.emitter.on('change', handler);
    return () => void this.emitter.off('change', handler);
  }

  async close() {
    this.emitter.removeAllListeners();
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}

export const createRealtimeBus = (redisUrl: string | undefined): RealtimeBus => (redisUrl ? new RedisBus(redisUrl) : new InProcessBus());
