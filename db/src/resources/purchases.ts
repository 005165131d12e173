import * as b from '../validation/group-b-validators';
import { defineResource, field } from './define';

/** A payment made by (or recorded for) an enduser. */
export const purchases = defineResource({
  name: 'purchases',
  fields: {
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    title: field.string({ required: true, max: 100, searchable: true }),
    cost: field.json(b.cost, { required: true }),
    processor: field.oneOf(b.PAYMENT_PROCESSORS, { required: true }),
    productId: field.id({ references: { resource: 'products', onDelete: 'none' } }),
    productIds: field.ids(),
    /** For purchases processed before they were recorded here ('' clears it). */
    processedAt: field.custom('date', b.dateOrEmpty),
    description: field.text({ max: 5000 }),
    refundedAmount: field.nonNegative(),
    source: field.string(),
    externalId: field.string({ indexed: true }),
    cptCode: field.json(b.billingCodeOptional),
    notes: field.text({ max: 5000 }),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    enduserId: '000000000000000000000000',
    title: 'Initial consultation',
    cost: { amount: 500, currency: 'USD' },
    processor: 'Stripe',
  },
});
