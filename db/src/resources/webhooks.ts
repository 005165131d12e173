import { webhookSecret, webhookSubscriptions } from '../validation/integrations-validators';
import { defineResource, field } from './define';
import { WEBHOOKS_BY_NAMED_CALLS } from './policy-messages';

/**
 * Where the business receives webhooks, and for which resources and operations. The secret signs each
 * webhook's integrity hash; it is longer than 15 characters and never returned. Configuring webhooks
 * is an admin matter, checked by the identity layer.
 */
export const webhooks = defineResource({
  name: 'webhooks',
  fields: {
    url: field.url({ required: true }),
    secret: field.custom('text', webhookSecret, { required: true, secret: true }),
    subscriptions: field.json(webhookSubscriptions, { default: () => ({}) }),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  policy: {
    adminOnly: ['create', 'update', 'delete'],
    // The business's whole configuration (its patients' records are delivered there): root Admins, one record, by configure-webhooks.
    rootAdminWrites: true,
    namedCallsOnly: { operations: ['create'], status: 403, message: WEBHOOKS_BY_NAMED_CALLS },
  },
  example: {
    url: 'https://example.com/webhooks/carelane',
    secret: 'a-long-random-webhook-secret',
    subscriptions: { endusers: { create: true, update: true, delete: true } },
  },
});
