import * as b from '../validation/group-b-validators';
import { defineResource, field } from './define';

/** Things a practice sells (consultations, packages, subscriptions). */
export const products = defineResource({
  name: 'products',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true }),
    cost: field.json(b.cost, { required: true }),
    processor: field.oneOf(b.PAYMENT_PROCESSORS, { required: true }),
    description: field.text({ max: 5000 }),
    htmlDescription: field.text({ max: 25000 }),
    cptCode: field.json(b.billingCodeOptional),
    image: field.text({ max: 100000 }),
    showInPortal: field.boolean(),
    categories: field.strings(),
    maxCheckoutCount: field.number(),
  },
  unique: [['title']],
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { title: 'Initial consultation', cost: { amount: 500, currency: 'USD' }, processor: 'Stripe' },
});
