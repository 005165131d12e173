import { newId } from '@carelane/db';
import { API_KEYS_TABLE, generateApiKey } from '../../auth/api-keys';
import { isAdmin } from '../../auth/caller';
import { ApiError } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { defineAction } from '../action';
import { NoInput } from '../input';

/**
 * POST /api-key (the reference client's api_keys.createOne): Admin only. Answers { id, key } once;
 * only a bcrypt hash of the key is stored, and reads of api_keys never return it. The key acts as
 * the Admin who created it, with that user's roles at the time of each call.
 */
export const createApiKey = defineAction({
  method: 'post',
  path: '/api-key',
  auth: 'user',
  input: NoInput,
  handler: async ({ services, caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
    if (!services.dataSource.hasMetadata(API_KEYS_TABLE)) throw new ApiError(503, 'API keys are not available on this server');
    const id = newId();
    const { key, hashedKey } = await generateApiKey(id);
    const now = new Date();
    // raw SQL: keys are refused by every generic create (access.ts apiKeyRules); this call alone writes one, with its hash.
    await services.dataSource.getRepository(API_KEYS_TABLE).insert({
      _id: id,
      businessId: caller.businessId,
      organizationIds: caller.organizationIds,
      sharedWithOrganizations: [],
      creator: caller.id,
      createdAt: now,
      updatedAt: now,
      hashedKey,
    });
    return { id, key };
  },
});
