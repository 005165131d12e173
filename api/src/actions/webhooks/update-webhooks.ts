import { IsObject, IsOptional, IsString } from 'class-validator';
import { webhooks } from '@carelane/db';
import { webhookSubscriptions } from '@carelane/db/validation/integrations-validators';
import { badRequest, fieldError } from '../../errors';
import { defineAction } from '../action';
import { findConfiguration, requireRootAdmin } from './configuration';

class UpdateWebhooksInput {
  @IsOptional()
  @IsString({ message: 'Expecting non-empty string' })
  url?: string;

  @IsOptional()
  @IsString({ message: 'Expecting non-empty string' })
  secret?: string;

  @IsOptional()
  @IsObject({ message: 'Expected a non-null object' })
  subscriptionUpdates?: Record<string, unknown>;
}

export const WEBHOOKS_NOT_CONFIGURED = 'Webhooks are not configured: call configure-webhooks first';

/**
 * PATCH /update-webhooks (Admin only): changes url and secret when given; each resource named in
 * subscriptionUpdates replaces that resource's subscription, the others are kept. Answers {}.
 */
export const updateWebhooks = defineAction({
  method: 'patch',
  path: '/update-webhooks',
  auth: 'user',
  input: UpdateWebhooksInput,
  authorize: ({ caller }) => requireRootAdmin(caller),
  handler: async ({ services, caller }, input) => {
    const existing = await findConfiguration(services, caller.businessId);
    if (!existing) throw badRequest(WEBHOOKS_NOT_CONFIGURED);
    const updates: Record<string, unknown> = {};
    if (input.url !== undefined) updates.url = input.url;
    if (input.secret !== undefined) updates.secret = input.secret;
    if (input.subscriptionUpdates !== undefined) {
      let subscriptionUpdates: Record<string, unknown>;
      try {
        subscriptionUpdates = webhookSubscriptions(input.subscriptionUpdates) as Record<string, unknown>;
      } catch (error) {
        throw fieldError('subscriptionUpdates', error);
      }
      updates.subscriptions = { ...(existing.subscriptions ?? {}), ...subscriptionUpdates };
    }
    if (Object.keys(updates).length) await services.engine.updateOne(webhooks, caller, existing._id, updates, { replaceObjectFields: true });
    return {};
  },
});
