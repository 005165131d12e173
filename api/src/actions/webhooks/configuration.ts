import { ConfigError, readChoice, readInteger, webhooks } from '@carelane/db';
import type { WebhookSettings } from '@carelane/activities/automation-webhook';
import { isAdmin, isRootAdmin, type Caller } from '../../auth/caller';
import { ApiError } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import type { Services } from '../action';


/** The business's one webhook configuration as stored (secret included: never answer it as is). */
export interface WebhookConfigurationRow {
  _id: string;
  url: string;
  secret: string;
  subscriptions?: Record<string, unknown> | null;
}

/**
 * The business's webhook configuration, or undefined. One per business: the newest record wins,
 * as the automation worker's `webhookTarget` reads it.
 */
// raw SQL: the delivery path (worker and api) reads the business's webhook secret, a secret field no engine read returns.
export const findConfiguration = async (services: Services, businessId: string) =>
  ((await services.dataSource
    .createQueryBuilder(webhooks.name, 'w')
    .where('w."businessId" = :businessId', { businessId })
    .orderBy('w._id', 'DESC')
    .getOne()) ?? undefined) as WebhookConfigurationRow | undefined;

/**
 * The configuration is the whole business's: only an Admin of the root organization reads or writes
 * it (a sub-organization Admin would otherwise receive every organization's patient records).
 */
export const requireRootAdmin = (caller: Caller) => {
  if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  if (!isRootAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.rootAdminOnly);
};

/**
 * Delivery settings, read as the worker reads them (WEBHOOK_ALLOW_PRIVATE_TARGETS, WEBHOOK_TIMEOUT_MS):
 * private and loopback targets only when explicitly allowed, and never in production.
 */
export const webhookSettings = (env: NodeJS.ProcessEnv = process.env): WebhookSettings => {
  const allowPrivateTargets = readChoice(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', ['true', 'false'] as const, 'false') === 'true';
  if (allowPrivateTargets && env.NODE_ENV === 'production') {
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE_TARGETS is for development and tests; it cannot be set in production');
  }
  return { allowPrivateTargets, timeoutMs: readInteger(env, 'WEBHOOK_TIMEOUT_MS', 10_000, { min: 100, max: 60_000 }) };
};
