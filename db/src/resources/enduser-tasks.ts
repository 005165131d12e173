import { defineResource, field } from './define';

/**
 * Tasks for an enduser to complete in the portal. completedAt must not be reverted once set: the
 * definition API cannot see the stored value in a rule, so the engine has to enforce that (see the
 * group B report).
 */
export const enduser_tasks = defineResource({
  name: 'enduser_tasks',
  fields: {
    title: field.string({ required: true, max: 1000, searchable: true }),
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    completedAt: field.date(),
    description: field.text({ max: 1000 }),
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read', 'update'] },
  example: { title: 'Complete your intake form', enduserId: '000000000000000000000000' },
});
