import { FieldError } from '../validation/field-error';
import { defineResource, field } from './define';

/** Tasks for an enduser to complete in the portal. Completion cannot be reverted (docs/contract/automations.md#states-and-transitions). */
export const enduser_tasks = defineResource({
  name: 'enduser_tasks',
  fields: {
    title: field.string({ required: true, max: 1000, searchable: true }),
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    completedAt: field.date(),
    description: field.text({ max: 1000 }),
  },
  check: (record, { previous }) => {
    if (previous?.completedAt && !record.completedAt) throw new FieldError('completedAt cannot be reverted once set');
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read', 'update'] },
  example: { title: 'Complete your intake form', enduserId: '000000000000000000000000' },
});
