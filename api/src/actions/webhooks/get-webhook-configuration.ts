import { defineAction } from '../action';
import { findConfiguration, requireRootAdmin } from './configuration';
import { NoInput } from '../input';

/** GET /webhook-configuration (root Admins only): { url, subscriptions } of the business's configuration (never the secret); {} when none. */
export const getWebhookConfiguration = defineAction({
  method: 'get',
  path: '/webhook-configuration',
  auth: 'user',
  input: NoInput,
  handler: async ({ services, caller }) => {
    requireRootAdmin(caller);
    const existing = await findConfiguration(services, caller.businessId);
    if (!existing) return {};
    return { url: existing.url, subscriptions: existing.subscriptions ?? {} };
  },
});
