import { defineResource, field } from './define';

/** An enduser's care plan, linking the events it covers. */
export const care_plans = defineResource({
  name: 'care_plans',
  fields: {
    title: field.string({ required: true, max: 1000, searchable: true }),
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    description: field.text({ max: 1000 }),
    htmlDescription: field.text({ max: 100000, html: true }),
    eventIds: field.ids(),
    journeyId: field.id(),
    completedAt: field.date(),
  },
  unique: [['enduserId', 'title']],
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read'] },
  example: { title: 'Diabetes management', enduserId: '000000000000000000000000', eventIds: [] },
});
