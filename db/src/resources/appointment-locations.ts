import * as v from '../validation/validators';
import { defineResource, field } from './define';

/** Where appointments take place. */
export const appointment_locations = defineResource({
  name: 'appointment_locations',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true }),
    address: field.string({ max: 1000 }),
    city: field.string(),
    zipCode: field.string({ max: 1000 }),
    phone: field.string(),
    state: field.custom('text', v.usState),
    timezone: field.string({ max: 100 }),
    instructions: field.text({ max: 5000 }),
    tags: field.strings({ max: 250 }),
  },
  unique: [['title']],
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read'] },
  example: { title: 'Main Street Clinic', address: '1 Main Street', city: 'San Francisco', state: 'CA', zipCode: '94105' },
});
