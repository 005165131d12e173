import * as v from '../validation/validators';
import { defineResource, field } from './define';

/** Staff notes about an enduser, optionally tied to a ticket. */
export const notes = defineResource({
  name: 'notes',
  fields: {
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    ticketId: field.id({ references: { resource: 'tickets', onDelete: 'unset' } }),
    text: field.text({ max: 5000, searchable: true }),
    title: field.string({ max: 250, searchable: true }),
    fields: field.json(v.customFields),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { enduserId: '000000000000000000000000', title: 'Intake call', text: 'Discussed goals for the next month.' },
});
