import * as v from '../validation/validators';
import { purchaseCreditValue } from '../validation/commerce-validators';
import { defineResource, field } from './define';

/** Credit granted to an enduser, spent (usedAt) against a later purchase. */
export const purchase_credits = defineResource({
  name: 'purchase_credits',
  fields: {
    enduserId: field.id({ references: { resource: 'endusers', onDelete: 'cascade' } }),
    title: field.string({ required: true, max: 100, searchable: true }),
    value: field.json(purchaseCreditValue, { required: true }),
    usedAt: field.custom('date', v.dateOrEmpty),
    description: field.text({ max: 5000 }),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    enduserId: '000000000000000000000000',
    title: 'Welcome credit',
    value: { type: 'Credit', info: { amount: 100, currency: 'USD' } },
  },
});
