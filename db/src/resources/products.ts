import { billingCodeOptional, cost, PAYMENT_PROCESSORS } from '../validation/commerce-validators';
import { defineResource, field } from './define';

/** Things a practice sells (consultations, packages, subscriptions). */
export const products = defineResource({
  name: 'products',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true }),
    cost: field.json(cost, { required: true }),
    processor: field.oneOf(PAYMENT_PROCESSORS, { required: true }),
    description: field.text({ max: 5000 }),
    htmlDescription: field.text({ max: 25000, html: true }),
    cptCode: field.json(billingCodeOptional),
    image: field.text({ max: 100000 }),
    showInPortal: field.boolean(),
    categories: field.strings(),
    maxCheckoutCount: field.number(),
  },
  unique: [['title']],
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { title: 'Initial consultation', cost: { amount: 500, currency: 'USD' }, processor: 'Stripe' },
});
