import { USER_LOG_ACTIONS } from '../validation/identity-validators';
import { defineResource, field } from './define';

/** Audit trail of staff changes (who created, updated or deleted which record). Written by the server; staff read it. */
export const user_logs = defineResource({
  name: 'user_logs',
  fields: {
    userId: field.id({ required: true }),
    enduserId: field.id(),
    resource: field.string({ required: true, max: 100, indexed: true }),
    resourceId: field.id({ required: true }),
    action: field.oneOf(USER_LOG_ACTIONS, { required: true }),
  },
  access: { user: ['read'] },
  example: { userId: '000000000000000000000000', resource: 'endusers', resourceId: '000000000000000000000000', action: 'update' },
});
