import * as v from '../validation/validators';
import { billingCodeOptional, cost, PAYMENT_PROCESSORS } from '../validation/commerce-validators';
import { defineResource, field } from './define';

/** A payment made by (or recorded for) an enduser. */
export const purchases = defineResource({
  name: 'purchases',
  fields: {
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    title: field.string({ required: true, max: 100, searchable: true }),
    cost: field.json(cost, { required: true }),
    processor: field.oneOf(PAYMENT_PROCESSORS, { required: true }),
    productId: field.id({ references: { resource: 'products', onDelete: 'none' } }),
    productIds: field.ids(),
    /** For purchases processed before they were recorded here ('' clears it). */
    processedAt: field.custom('date', v.dateOrEmpty),
    description: field.text({ max: 5000 }),
    refundedAmount: field.nonNegative(),
    source: field.string(),
    externalId: field.string({ indexed: true }),
    cptCode: field.json(billingCodeOptional),
    notes: field.text({ max: 5000 }),
  },
  triggers: [{ type: 'Purchase Made', when: { created: true }, enduser: { field: 'enduserId' }, source: { record: true } }],
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    enduserId: '000000000000000000000000',
    title: 'Initial consultation',
    cost: { amount: 500, currency: 'USD' },
    processor: 'Stripe',
  },
});
