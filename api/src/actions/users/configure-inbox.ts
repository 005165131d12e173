import { users, validators } from '@carelane/db';
import { issueUserToken } from '../../auth/tokens';
import { conflict, unauthenticated } from '../../errors';
import { serialize } from '../../resources/serialize';
import { requiredField } from '../messaging/input';
import { defineAction } from '../action';

/**
 * POST /users/configure-inbox { username, fname, lname } → { authToken, user }: the caller's inbox
 * name (lowercase letters, digits and dashes, at most 50) and the names mail is sent under. A
 * username belongs to one staff member of the business ('Uniqueness Violation').
 */
export const configureInbox = defineAction({
  method: 'post',
  path: '/users/configure-inbox',
  auth: 'user',
  handler: async ({ services, caller }, input) => {
    const username = requiredField(input, 'username', validators.username);
    const fname = requiredField(input, 'fname', validators.name);
    const lname = requiredField(input, 'lname', validators.name);
    const { row, change } = await services.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository('users');
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`username:${caller.businessId}:${username}`]);
      const taken = await repository
        .createQueryBuilder('record')
        .where('record."businessId" = :businessId AND record.username = :username AND record._id <> :id', { businessId: caller.businessId, username, id: caller.id })
        .getExists();
      if (taken) throw conflict();
      const changes = { username, fname, lname, updatedAt: new Date() };
      await repository.update({ _id: caller.id, businessId: caller.businessId }, changes);
      const updated = await repository.findOne({ where: { _id: caller.id, businessId: caller.businessId } });
      if (!updated) throw unauthenticated();
      // Recorded in the outbox with the update (no actor: named calls leave no user_logs row, as before).
      const change = await services.engine.recordChange(manager, { kind: 'updated', resource: 'users', businessId: caller.businessId, record: updated, changes: { username, fname, lname } });
      return { row: updated as Record<string, unknown>, change };
    });
    services.engine.publish(change);
    return { authToken: issueUserToken(services.config, row), user: serialize(users, row) };
  },
});
