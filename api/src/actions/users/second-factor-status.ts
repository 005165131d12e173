import { users } from '@carelane/db';
import { organizationRequires } from '../../auth/mfa-challenge';
import { NoInput } from '../input';
import { defineAction } from '../action';

/**
 * GET /users/second-factor → { own, enforced }: the caller's own second factor as sign-in decides it
 * (docs/contract/access.md#second-factor). `own` is their account's emailed code; `enforced` says an
 * organization asks for it anyway: the business's root or one of their own, whether or not the
 * caller may read that organization (a clinic's staff cannot read the root, and their account page
 * offered to turn off a code sign-in would still ask for).
 */
export const secondFactorStatus = defineAction({
  method: 'get',
  path: '/users/second-factor',
  auth: 'user',
  input: NoInput,
  handler: async ({ services, caller }) => {
    const me = (await services.engine.getOne(users, caller, caller.id)) as { mfa?: { email?: boolean } };
    return {
      own: me.mfa?.email === true,
      enforced: await organizationRequires(services, 'user', { businessId: caller.businessId, organizationIds: caller.organizationIds }),
    };
  },
});
