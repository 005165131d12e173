import { users, serialize } from '@carelane/db';
import { hashCode, newRecoveryCodes } from '../../auth/mfa-codes';
import { issueUserToken } from '../../auth/tokens';
import { unauthenticated } from '../../errors';
import { NoInput } from '../input';
import { defineAction } from '../action';

/**
 * POST /users/configure-mfa {} → { recoveryCodes, authToken, user }: turns on the emailed code for the
 * caller's own account and answers ten new recovery codes. They are shown this once: only their
 * hashes are kept, and any earlier set stops working.
 */
export const configureMfa = defineAction({
  method: 'post',
  path: '/users/configure-mfa',
  auth: 'user',
  input: NoInput,
  handler: async ({ services, caller }) => {
    const recoveryCodes = newRecoveryCodes();
    const hashes = recoveryCodes.map((code) => hashCode(services.config.jwtSecret, caller.id, code));
    const row = await services.engine.transaction(async (tx) => {
      await tx.updateOne(users, caller, caller.id, { mfa: { email: true } });
      await services.engine.touchWithin(tx.manager, users, services.engine.system(caller.businessId).caller, caller.id, { mfaRecoveryCodes: hashes });
      const updated = await tx.row(users, caller, { _id: caller.id });
      if (!updated) throw unauthenticated();
      return updated;
    });
    return { recoveryCodes, authToken: issueUserToken(services.config, row), user: serialize(users, row) };
  },
});
