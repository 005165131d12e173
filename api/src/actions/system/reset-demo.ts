import { RESOURCES } from '@carelane/db';
import { isRootAdmin } from '../../auth/caller';
import { ApiError } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { defineAction } from '../action';
import { NoInput } from '../input';

export const NOT_IN_PRODUCTION = 'reset-demo is not available in production';

/** What a demo reset keeps: the organizations, their staff, keys and role matrix (who can sign in and what they may do). */
const KEPT = new Set(['organizations', 'users', 'api_keys', 'role_based_access_permissions']);

/**
 * POST /reset-demo (also under /v1): empties the caller's business of everything but its
 * organizations, staff accounts, API keys and role permissions, in one transaction. For demo and
 * test tenants: refused in production mode, and only the root admin may do it. No change events are
 * emitted (automations of deleted records find nothing when they next run).
 */
export const resetDemo = defineAction({
  method: 'post',
  path: '/reset-demo',
  auth: 'user',
  input: NoInput,
  handler: async ({ services, caller }) => {
    if (services.config.mode === 'production') throw new ApiError(403, NOT_IN_PRODUCTION);
    if (!isRootAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.rootAdminOnly);
    await services.dataSource.transaction(async (manager) => {
      for (const definition of RESOURCES) {
        if (KEPT.has(definition.name)) continue;
        // raw SQL: wiping a demo business is not a per-record delete (no cascade walk, no change events for thousands of rows).
        await manager.query(`DELETE FROM "${definition.name}" WHERE "businessId" = $1`, [caller.businessId]);
      }
    });
    return {};
  },
});
