import type { DataSource } from 'typeorm';
import type { RolePermissions } from '@carelane/engine';
import type { AccountChanges } from './account-changes';
import { loadRolePermissions } from './role-permissions';

const MAX_ACCOUNTS = 10_000;

/** How one request's cached reads wait for the fence, and hear which cached entries they served. */
export interface RequestFence {
  wait: () => Promise<void>;
  /** A cached entry was served: `stillCached` tells, later, whether it is still the one cached. */
  served: (stillCached: () => boolean) => void;
}

/**
 * The stored account rows and role matrices behind tokens, kept in this process between requests
 * (docs/decisions.md "Issue 20"). An entry lives until PostgreSQL announces a change of that account
 * or of the business's roles (AccountChanges), which reaches every api process as the change
 * commits: a logout, password change, role change or deletion ends the token on the next request
 * everywhere (a shared fence round trip makes sure of 'next'), while an unchanged account costs no
 * query of its own. Nothing is cached or served from the cache
 * while the LISTEN connection is down.
 */
export class AccountCache {
  private readonly accounts = new Map<string, Record<string, unknown>>();
  private readonly permissions = new Map<string, Map<string, RolePermissions | undefined>>();
  /** Bumped by every change heard: a row read before a change and stored after it would be stale. */
  private epoch = 0;

  constructor(private readonly changes: AccountChanges) {
    changes.onChange((change) => {
      this.epoch += 1;
      if (change.table === 'role_based_access_permissions') this.permissions.delete(change.businessId);
      else this.accounts.delete(`${change.table}:${change.id}`);
    });
    changes.onReset(() => {
      this.epoch += 1;
      this.accounts.clear();
      this.permissions.clear();
    });
  }

  /**
   * A fence for one request: the first cached read waits for a round trip, later reads of the same
   * request reuse it (every change committed before the request arrived has been heard by then), so
   * a staff request checks its account and its role matrix behind one round trip, not two.
   */
  requestFence(): RequestFence {
    let fenced: Promise<void> | undefined;
    return { wait: () => (fenced ??= this.changes.fence()), served: () => {} };
  }

  /**
   * A fence for a request that only reads (speculative-reads.ts): cached entries are served at once
   * while the round trip runs beside the request's own work; `confirmed`, awaited before anything is
   * answered, resolves once the round trip is back (every change committed before the request arrived
   * heard) and tells whether every entry served is still the one cached, i.e. no change of that
   * account or role matrix was heard meanwhile. When it is false the request is identified again, as
   * requestFence would have, and its answer computed again: revocation stays as immediate as before.
   */
  speculativeFence(): RequestFence & { confirmed: () => Promise<boolean> } {
    let fenced: Promise<void> | undefined;
    const checks: (() => boolean)[] = [];
    return {
      wait: () => {
        fenced ??= this.changes.fence();
        return Promise.resolve();
      },
      served: (stillCached) => void checks.push(stillCached),
      confirmed: async () => {
        if (!fenced) return true;
        await fenced;
        return this.changes.listening && checks.every((stillCached) => stillCached());
      },
    };
  }

  /** The stored row of an account of the business, as `findOne` would answer it. */
  async account(dataSource: DataSource, table: 'users' | 'endusers', id: string, businessId: string, fence: RequestFence = this.requestFence()) {
    const key = `${table}:${id}`;
    // A cached row is trusted only once every change committed before this request has been heard.
    if (this.changes.listening && this.accounts.has(key)) await fence.wait();
    const cached = this.changes.listening ? this.accounts.get(key) : undefined;
    if (cached) {
      fence.served(() => this.accounts.get(key) === cached);
      return cached.businessId === businessId ? cached : null;
    }
    const epoch = this.epoch;
    // raw SQL: the account a token names is read to build the caller, so no caller exists yet; by id within the token's business.
    const record = (await dataSource.getRepository(table).findOne({ where: { _id: id, businessId } })) as Record<string, unknown> | null;
    if (record && this.changes.listening && epoch === this.epoch) {
      if (this.accounts.size >= MAX_ACCOUNTS) this.accounts.delete(this.accounts.keys().next().value!);
      this.accounts.set(key, record);
    }
    return record;
  }

  /** loadRolePermissions, kept per business and set of roles. */
  async rolePermissions(dataSource: DataSource, businessId: string, roles: string[], fence: RequestFence = this.requestFence()) {
    const key = [...roles].sort().join('\u0000');
    if (this.changes.listening && this.permissions.get(businessId)?.has(key)) await fence.wait();
    const perBusiness = this.changes.listening ? this.permissions.get(businessId) : undefined;
    if (perBusiness?.has(key)) {
      fence.served(() => this.permissions.get(businessId) === perBusiness && perBusiness.has(key));
      return perBusiness.get(key);
    }
    const epoch = this.epoch;
    const permissions = await loadRolePermissions(dataSource, businessId, roles);
    if (this.changes.listening && epoch === this.epoch) {
      let map = this.permissions.get(businessId);
      if (!map) this.permissions.set(businessId, (map = new Map()));
      if (map.size < 1_000) map.set(key, permissions);
    }
    return permissions;
  }
}
