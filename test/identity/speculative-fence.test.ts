import { AccountCache } from '../../api/src/auth/account-cache';
import { AccountChanges } from '../../api/src/auth/account-changes';
import { createStaff } from './support';
import { useTenantSuite } from './tenant-suite';

/**
 * api/src/auth/account-cache.ts speculativeFence, which the calls that only read use
 * (api/src/actions/speculative-reads.ts): whatever the timing of a change's notice against the read,
 * either the account served is the changed one or the read is not confirmed (and is done again).
 */
describe('the account cache behind reads that check their token beside their work', () => {
  const suite = useTenantSuite();

  test('a cached account is confirmed while unchanged; changed just before the read, it is served fresh or not confirmed', async () => {
    const { api, admin, tenant } = suite;
    const changes = new AccountChanges((api.dataSource.options as { url: string }).url);
    const cache = new AccountCache(changes);
    try {
      for (let waited = 0; !changes.listening && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(changes.listening).toBe(true);
      const staff = await createStaff(api, admin);
      const read = async () => {
        const fence = cache.speculativeFence();
        const record = await cache.account(api.dataSource, 'users', staff.user.id, tenant.businessId, fence);
        return { version: Number(record?.sessionVersion ?? 0), confirmed: await fence.confirmed() };
      };
      let version = Number((await cache.account(api.dataSource, 'users', staff.user.id, tenant.businessId))?.sessionVersion ?? 0);
      expect(await read()).toEqual({ version, confirmed: true });
      for (let round = 0; round < 20; round++) {
        // raw SQL: a sign-out's own update (NEXT_SESSION_VERSION), committed just before the read.
        await api.dataSource.query(`UPDATE users SET "sessionVersion" = COALESCE("sessionVersion", 0) + 1 WHERE _id = $1`, [staff.user.id]);
        version += 1;
        const { version: served, confirmed } = await read();
        expect(served === version || !confirmed).toBe(true);
      }
      // Once the last sign-out's notice has been heard (a plain fence), nothing changes during the read: confirmed.
      await changes.fence();
      expect(await read()).toEqual({ version, confirmed: true });
    } finally {
      await changes.close();
    }
  });
});
