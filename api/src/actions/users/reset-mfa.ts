import { IsMongoId } from 'class-validator';
import { users, serialize } from '@carelane/db';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { isAdmin } from '../../auth/caller';
import { ApiError, notFound } from '../../errors';
import { defineAction } from '../action';

class ResetMfaInput {
  @IsMongoId({ message: 'Error parsing field userId: Invalid id' })
  userId!: string;
}

/**
 * POST /users/reset-mfa { userId } → { user } (Admin only): for a colleague who lost their second
 * factor: turns off their own emailed-code setting and drops their recovery codes and pending code.
 * The change is an update of the users record made by the Admin, so user_logs records who reset whom
 * (api/src/audit/user-logs.ts). An organization that enforces MFA still asks for the emailed code.
 */
export const resetMfa = defineAction({
  method: 'post',
  path: '/users/reset-mfa',
  auth: 'user',
  input: ResetMfaInput,
  authorize: ({ caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  },
  handler: async ({ services, caller }, { userId }) => {
    const row = await services.engine.transaction(async (tx) => {
      if (!(await tx.row(users, caller, { _id: userId }))) throw notFound();
      // false rather than {}: an update merges into the stored object.
      await tx.updateOne(users, caller, userId, { mfa: { email: false } });
      await services.engine.touchWithin(tx.manager, users, services.engine.system(caller.businessId).caller, userId, { mfaRecoveryCodes: null, mfaChallenge: null });
      return tx.row(users, caller, { _id: userId });
    });
    if (!row) throw notFound();
    return { user: serialize(users, row) };
  },
});
