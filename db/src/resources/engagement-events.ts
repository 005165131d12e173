import * as v from '../validation/validators';
import { defineResource, field } from './define';

/** Things an enduser did that show engagement (portal logins, opened messages ...), weighted by significance. */
export const engagement_events = defineResource({
  name: 'engagement_events',
  fields: {
    enduserId: field.id({ required: true, updatable: false, references: { resource: 'endusers', onDelete: 'cascade' } }),
    type: field.string({ required: true, max: 100, indexed: true }),
    significance: field.nonNegative({ required: true }),
    timestamp: field.date({ default: () => new Date() }),
    fields: field.json(v.customFields),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { enduserId: '000000000000000000000000', type: 'Portal login', significance: 1 },
});
