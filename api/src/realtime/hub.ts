import type { DataSource } from 'typeorm';
import { resourceByName } from '@carelane/db';
import type { Caller } from '../auth/caller';
import type { ResourceEngine } from '@carelane/engine';
import type { RealtimeBus, RealtimeChange } from './bus';
import { readersOf } from './audience';
import { recheckSession, type RealtimeSession } from './session';
import type { AccountChange } from '../auth/account-changes';

/** How long a socket may stay above its unsent-bytes limit before it is dropped. */
const SLOW_AFTER_MS = 1_000;
/** Above this many times the limit a socket is dropped at once. */
const HARD_LIMIT_FACTOR = 8;
/** Changes being decided at once in this process; beyond it the oldest subscribers' view would lag, so new changes wait. */
const MAX_PENDING_CHANGES = 10_000;

/** One authenticated socket (socket.io or graphql-ws). */
export interface RealtimeConnection {
  session: RealtimeSession;
  /** Bytes written to the socket and not yet sent. */
  bufferedBytes(): number;
  close(reason: 'Unauthenticated' | 'Too slow'): void;
}

/** What a connection listens to (a socket.io client: everything; a graphql-ws subscription: one model and kind). */
export interface RealtimeSubscription {
  connection: RealtimeConnection;
  wants(change: RealtimeChange): boolean;
  deliver(change: RealtimeChange, payload: unknown): void;
  /**
   * Optional: delivers one payload to many subscriptions of the same kind at once (socket.io encodes
   * the packet once for all its sockets). Subscriptions sharing this function are handed to it together.
   */
  deliverMany?: (subscriptions: RealtimeSubscription[], change: RealtimeChange, payload: unknown) => void;
}

/**
 * Hands each change heard on the bus to this process's subscribers who may read it. Decisions run
 * concurrently; deliveries keep the order the changes arrived in. Sessions are checked again every
 * `revalidateMs` and at their expiry: a revoked or expired token's socket is closed.
 */
export class RealtimeHub {
  private readonly byBusiness = new Map<string, Set<RealtimeSubscription>>();
  private readonly byConnection = new Map<RealtimeConnection, Set<RealtimeSubscription>>();
  private readonly connections = new Map<RealtimeConnection, NodeJS.Timeout | undefined>();
  private readonly unsubscribe: () => void;
  private readonly revalidation: NodeJS.Timeout;
  private delivered: Promise<void> = Promise.resolve();
  /** Connections above the unsent-bytes limit, and since when. */
  private readonly overSince = new Map<RealtimeConnection, number>();
  private pending = 0;

  constructor(
    private readonly engine: ResourceEngine,
    private readonly dataSource: DataSource,
    bus: RealtimeBus,
    /** maxBufferedBytes: a socket whose unsent output passes it is too slow to keep up: it is dropped, never buffered further. */
    private readonly options: { revalidateMs: number; maxBufferedBytes: number },
  ) {
    this.unsubscribe = bus.subscribe((change) => this.dispatch(change));
    this.revalidation = setInterval(() => void this.revalidate(), options.revalidateMs);
    this.revalidation.unref();
  }

  addConnection(connection: RealtimeConnection) {
    const exp = connection.session.claims.exp;
    // setTimeout holds at most ~24.8 days; longer sessions are caught by the periodic check.
    const inMs = exp === undefined ? undefined : exp * 1000 - Date.now();
    const expiry = inMs !== undefined && inMs < 2 ** 31 - 1 ? setTimeout(() => this.drop(connection, 'Unauthenticated'), Math.max(inMs, 0)) : undefined;
    expiry?.unref();
    this.connections.set(connection, expiry);
  }

  removeConnection(connection: RealtimeConnection) {
    this.overSince.delete(connection);
    clearTimeout(this.connections.get(connection));
    this.connections.delete(connection);
    for (const subscription of [...(this.byConnection.get(connection) ?? [])]) this.remove(subscription);
  }

  /** Registers what a connection listens to; returns its removal. */
  add(subscription: RealtimeSubscription) {
    // A subscription arriving after its socket was dropped (closing) is not kept.
    if (!this.connections.has(subscription.connection)) return () => {};
    const businessId = subscription.connection.session.caller.businessId;
    let set = this.byBusiness.get(businessId);
    if (!set) this.byBusiness.set(businessId, (set = new Set()));
    set.add(subscription);
    let own = this.byConnection.get(subscription.connection);
    if (!own) this.byConnection.set(subscription.connection, (own = new Set()));
    own.add(subscription);
    return () => this.remove(subscription);
  }

  private remove(subscription: RealtimeSubscription) {
    const businessId = subscription.connection.session.caller.businessId;
    const set = this.byBusiness.get(businessId);
    set?.delete(subscription);
    if (set && !set.size) this.byBusiness.delete(businessId);
    const own = this.byConnection.get(subscription.connection);
    own?.delete(subscription);
    if (own && !own.size) this.byConnection.delete(subscription.connection);
  }

  /** Resolves once every change heard so far has been delivered (tests, benches). */
  idle() {
    return this.delivered;
  }

  close() {
    this.unsubscribe();
    clearInterval(this.revalidation);
    for (const timer of this.connections.values()) clearTimeout(timer);
    this.connections.clear();
    this.byBusiness.clear();
    this.byConnection.clear();
  }

  private dispatch(change: RealtimeChange) {
    this.recheckAccountOf(change);
    const definition = resourceByName.get(change.resource);
    const audience = [...(this.byBusiness.get(change.businessId) ?? [])].filter((subscription) => subscription.wants(change));
    if (!definition || !audience.length) return;
    if (this.pending >= MAX_PENDING_CHANGES) {
      console.error(`realtime: ${this.pending} changes waiting; ${change.kind} ${change.resource} ${String(change.record._id)} not delivered`);
      return;
    }
    this.pending += 1;
    const decided = readersOf(this.engine, this.dataSource, definition, change, audience.map((subscription) => ({ subscription, caller: subscription.connection.session.caller })));
    this.delivered = Promise.all([this.delivered, decided.catch((error: Error) => {
      console.error(`realtime: could not decide who reads ${change.resource} ${String(change.record._id)}: ${error.message}`);
      return new Map();
    })]).then(([, readers]) => {
      this.pending -= 1;
      // Callers who share row conditions share one payload object: deliver it to them together.
      const batches = new Map<unknown, Map<RealtimeSubscription['deliverMany'] | undefined, RealtimeSubscription[]>>();
      for (const [{ subscription }, payload] of readers) {
        if (!this.connections.has(subscription.connection)) continue;
        const byWay = batches.get(payload) ?? new Map();
        batches.set(payload, byWay);
        const list = byWay.get(subscription.deliverMany) ?? [];
        list.push(subscription);
        byWay.set(subscription.deliverMany, list);
      }
      for (const [payload, byWay] of batches) {
        for (const [deliverMany, subscriptions] of byWay) {
          try {
            if (deliverMany && subscriptions.length > 1) deliverMany(subscriptions, change, payload);
            else for (const subscription of subscriptions) subscription.deliver(change, payload);
          } catch (error) {
            // One broken socket never holds up the others' deliveries.
            console.error(`realtime: could not deliver ${change.kind} ${change.resource}: ${(error as Error).message}`);
          }
          for (const subscription of subscriptions) if (this.tooSlow(subscription.connection)) this.drop(subscription.connection, 'Too slow');
        }
      }
    });
  }

  /**
   * A burst (a createSome of a thousand records) briefly fills a healthy socket's buffers, so a socket
   * is too slow when its unsent bytes stay above the limit for SLOW_AFTER_MS, or pass HARD_LIMIT_FACTOR
   * times the limit at once (memory is never at the mercy of a client).
   */
  private tooSlow(connection: RealtimeConnection) {
    const bytes = connection.bufferedBytes();
    if (bytes <= this.options.maxBufferedBytes) return void this.overSince.delete(connection);
    if (bytes > this.options.maxBufferedBytes * HARD_LIMIT_FACTOR) return true;
    const since = this.overSince.get(connection);
    if (since === undefined) return void this.overSince.set(connection, Date.now());
    return Date.now() - since > SLOW_AFTER_MS;
  }

  private drop(connection: RealtimeConnection, reason: 'Unauthenticated' | 'Too slow') {
    this.overSince.delete(connection);
    this.removeConnection(connection);
    connection.close(reason);
  }

  /**
   * A change to an account (roles, deletion …) may end its sessions: its sockets are checked at once
   * rather than at the next periodic check. (Logout and password changes write no change event; the
   * periodic check closes those.)
   */
  private recheckAccountOf(change: RealtimeChange) {
    const type = change.resource === 'users' ? 'user' : change.resource === 'endusers' ? 'enduser' : undefined;
    if (!type || change.kind === 'created') return;
    const affected = [...this.connections.keys()].filter(
      (connection) => connection.session.caller.type === type && connection.session.caller.id === change.record._id && connection.session.caller.businessId === change.businessId,
    );
    if (affected.length) void this.revalidate(affected);
  }

  /**
   * An account's row or its business's role matrix changed (any process, any path: PostgreSQL
   * announces it, api/src/auth/account-changes.ts): a logout, password change, role change or
   * deletion closes that account's sockets now, not at the periodic check.
   */
  accountChanged(change: AccountChange) {
    const affected = [...this.connections.keys()].filter((connection) => {
      const caller = connection.session.caller;
      if (change.table === 'role_based_access_permissions') return caller.type === 'user' && caller.businessId === change.businessId;
      return caller.type === (change.table === 'users' ? 'user' : 'enduser') && caller.id === change.id;
    });
    if (affected.length) void this.revalidate(affected);
  }

  private async revalidate(connections = [...this.connections.keys()]) {
    // Sockets opened with the same token (a client's tabs, a bench's thousand sockets) are one check.
    const checks = new Map<string, Promise<Caller | undefined>>();
    for (const connection of connections) {
      try {
        const { claims } = connection.session;
        const key = JSON.stringify([claims.type, claims.sub, claims.businessId, claims.v, claims.r, claims.fr, claims.ll, claims.lf, claims.bk, claims.exp]);
        let check = checks.get(key);
        if (!check) checks.set(key, (check = recheckSession(this.dataSource, connection.session)));
        const caller: Caller | undefined = await check;
        if (!this.connections.has(connection)) continue;
        if (!caller) this.drop(connection, 'Unauthenticated');
        // Fresh roles and permissions (role changes end the token anyway; permissions may change alone).
        else connection.session.caller = caller;
      } catch (error) {
        console.error(`realtime: could not check a session: ${(error as Error).message}`);
      }
    }
  }
}
