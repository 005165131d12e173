import { defineResource, field } from './define';

/** Staff to-dos, optionally about an enduser; subscribers (users, or everyone with a role) follow them. */
export const tasks = defineResource({
  name: 'tasks',
  fields: {
    text: field.string({ required: true, max: 5000, searchable: true }),
    completed: field.boolean({ default: () => false }),
    description: field.text({ max: 5000 }),
    dueDate: field.date({ indexed: true }),
    assignedTo: field.id(),
    enduserId: field.id({ references: { resource: 'endusers', onDelete: 'cascade' } }),
    subscribers: field.ids(),
    subscriberRoles: field.strings({ max: 100 }),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { text: 'Call the patient about their lab results', dueDate: '2026-02-01T15:00:00.000Z' },
});
