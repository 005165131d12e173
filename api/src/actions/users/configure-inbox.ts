import { users, validators, serialize } from '@carelane/db';
import { issueUserToken } from '../../auth/tokens';
import { conflict, unauthenticated } from '../../errors';
import { Required, S } from '../input';
import { defineAction } from '../action';

/**
 * POST /users/configure-inbox { username, fname, lname } → { authToken, user }: the caller's inbox
 * name (lowercase letters, digits and dashes, at most 50) and the names mail is sent under. A
 * username belongs to one staff member of the business ('Uniqueness Violation').
 */
class ConfigureInboxInput {
  @Required(validators.username, { type: 'string', pattern: '^[a-z0-9-]+$', maxLength: 50 })
  username!: string;

  @Required(validators.name, S.name)
  fname!: string;

  @Required(validators.name, S.name)
  lname!: string;
}

export const configureInbox = defineAction({
  method: 'post',
  path: '/users/configure-inbox',
  auth: 'user',
  input: ConfigureInboxInput,
  handler: async ({ services, caller }, { username, fname, lname }) => {
    const row = await services.engine.transaction(async (tx) => {
      // raw SQL: an advisory lock is not a query on records.
      await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`username:${caller.businessId}:${username}`]);
      // Usernames are unique within the business, whoever the caller may list: the server's own read.
      const system = services.engine.system(caller.businessId);
      if (await tx.row(users, system.caller, { username, _id: { _ne: caller.id } })) throw conflict();
      await tx.updateOne(users, caller, caller.id, { username, fname, lname });
      const updated = await tx.row(users, caller, { _id: caller.id });
      if (!updated) throw unauthenticated();
      return updated;
    });
    return { authToken: issueUserToken(services.config, row), user: serialize(users, row) };
  },
});
