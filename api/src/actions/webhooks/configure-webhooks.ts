import { IsObject, IsOptional, IsString } from 'class-validator';
import { webhooks } from '@carelane/db';
import { defineAction } from '../action';
import { findConfiguration, requireRootAdmin } from './configuration';

/** Shapes only; url, secret (longer than 15 characters) and subscriptions are checked by the webhooks definition. */
class ConfigureWebhooksInput {
  @IsString({ message: 'Expecting non-empty string' })
  url!: string;

  @IsString({ message: 'Expecting non-empty string' })
  secret!: string;

  @IsOptional()
  @IsObject({ message: 'Expected a non-null object' })
  subscriptions?: Record<string, unknown>;
}

/**
 * POST /configure-webhooks (root Admins only; the generic create is refused): sets url, secret and subscriptions. One configuration per
 * business: a second call replaces the first rather than adding a record. Answers {}.
 */
export const configureWebhooks = defineAction({
  method: 'post',
  path: '/configure-webhooks',
  auth: 'user',
  input: ConfigureWebhooksInput,
  authorize: ({ caller }) => requireRootAdmin(caller),
  handler: async ({ services, caller }, input) => {
    const values = { url: input.url, secret: input.secret, subscriptions: input.subscriptions ?? {} };
    const existing = await findConfiguration(services, caller.businessId);
    if (existing) await services.engine.updateOne(webhooks, caller, existing._id, values, { replaceObjectFields: true });
    else await services.engine.createOne(webhooks, caller, values, undefined, { grantedByCall: true });
    return {};
  },
});
