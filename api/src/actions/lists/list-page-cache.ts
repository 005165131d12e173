import type { Caller } from '../../auth/caller';
import type { AccountChanges } from '../../auth/account-changes';
import type { RequestFence } from '../../auth/account-cache';

/** What the kept pages may hold at most: a page of 50 patients is 30-40 KB of JSON. */
const LIMITS = { pages: 2_000, bytes: 64 * 1024 * 1024 };

interface KeptPage {
  businessId: string;
  text: string;
}

/**
 * Pages of the staff patient list (GET /list-endusers) kept in this api process between requests, as
 * the JSON text answered (docs/decisions.md "The patient list's pages, kept"; bench/README.md issue 37).
 *
 * A page is the same for as long as nothing it is read from changes: the business's patients (every
 * row the list covers is one of them), the caller (who they are, their organization, their roles:
 * all in the key) and the business's role matrix. PostgreSQL announces each of those changes to every
 * api process as it commits, whatever wrote it (AccountChanges: a named call's raw SQL, the worker's
 * journey steps, an import), and the business's pages are dropped then. A page served is trusted
 * only once the request's fence round trip is back (every change committed before the request
 * arrived has been heard by then) and only if it is still the page kept: the same guarantee the
 * token check's own cache gives (account-cache.ts speculativeFence). Nothing is kept or served while
 * the LISTEN connection is down.
 */
export class ListPageCache {
  private readonly pages = new Map<string, KeptPage>();
  private readonly keysByBusiness = new Map<string, Set<string>>();
  private bytes = 0;
  /** Counts every change heard; a page is kept only if its business saw none while it was read. */
  private clock = 0;
  private readonly changedAt = new Map<string, number>();
  private resetAt = 0;

  constructor(private readonly changes: AccountChanges) {
    changes.onPatientsChange((businessId) => this.forget(businessId));
    changes.onChange((change) => {
      if (change.table === 'role_based_access_permissions') this.forget(change.businessId);
    });
    changes.onReset(() => {
      this.resetAt = ++this.clock;
      this.pages.clear();
      this.keysByBusiness.clear();
      this.bytes = 0;
    });
  }

  /** The key of one caller's page: everything the answer depends on besides the rows. */
  static keyOf(caller: Caller, query: unknown) {
    return JSON.stringify([caller.businessId, caller.type, caller.id, caller.organizationIds, caller.type === 'user' ? caller.roles : [], query]);
  }

  /**
   * The page under `key`: the one kept if there is one and `fence` is the request's speculative fence
   * (the request answers only once it has confirmed the page), else `read` and, if no change of the
   * business was heard while it ran, kept.
   */
  async page(key: string, businessId: string, fence: RequestFence | undefined, read: () => Promise<string>): Promise<string> {
    const kept = this.changes.listening ? this.pages.get(key) : undefined;
    if (fence && kept) {
      await fence.wait();
      fence.served(() => this.pages.get(key) === kept);
      // Most recently used last: the oldest is the first to go.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept.text;
    }
    const started = this.clock;
    const text = await read();
    if (this.changes.listening && this.resetAt <= started && (this.changedAt.get(businessId) ?? 0) <= started) this.keep(key, { businessId, text });
    return text;
  }

  private keep(key: string, page: KeptPage) {
    if (page.text.length > LIMITS.bytes) return;
    this.drop(key);
    while (this.pages.size >= LIMITS.pages || this.bytes + page.text.length > LIMITS.bytes) this.drop(this.pages.keys().next().value!);
    this.pages.set(key, page);
    this.bytes += page.text.length;
    let keys = this.keysByBusiness.get(page.businessId);
    if (!keys) this.keysByBusiness.set(page.businessId, (keys = new Set()));
    keys.add(key);
  }

  private drop(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.text.length;
    const keys = this.keysByBusiness.get(page.businessId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByBusiness.delete(page.businessId);
  }

  private forget(businessId: string) {
    this.changedAt.set(businessId, ++this.clock);
    for (const key of this.keysByBusiness.get(businessId) ?? []) this.drop(key);
  }
}
