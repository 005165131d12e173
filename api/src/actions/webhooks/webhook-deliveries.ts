import type { WebhookDeliveryView } from '@carelane/automation';
import { validators } from '@carelane/db';
import { WEBHOOK_DELIVERIES, type WebhookDeliveryRow } from '@carelane/db/internal/webhook-deliveries';
import { deliverRecorded } from '@carelane/activities/recorded-webhook';
import { newId } from '@carelane/db';
import { ApiError, badRequest, notFound } from '../../errors';
import { defineAction, type Services } from '../action';
import { NoInput, Required, S } from '../input';
import { findConfiguration, requireRootAdmin, webhookSettings } from './configuration';
import { WEBHOOKS_NOT_CONFIGURED } from './update-webhooks';

/** How many recent deliveries GET /webhook-deliveries answers, newest first. */
export const RECENT_DELIVERIES = 50;

/** A delivery as the console reads it: what, when, the outcome; never the payload's secret signature. */
const shown = (row: WebhookDeliveryRow): WebhookDeliveryView => ({
  id: row._id,
  event: row.event,
  status: row.status,
  statusCode: row.statusCode ?? undefined,
  error: row.error ?? undefined,
  attempts: row.attempts,
  createdAt: new Date(row.createdAt).toISOString(),
  lastAttemptAt: new Date(row.lastAttemptAt).toISOString(),
});

/** One attempt to the configured webhook, recorded; a refused target, an error answer or a timeout is a 400 naming it. */
const attempt = async (services: Services, businessId: string, delivery: { deliveryId: string; event: string; payload: unknown }) => {
  const target = await findConfiguration(services, businessId);
  if (!target) throw badRequest(WEBHOOKS_NOT_CONFIGURED);
  try {
    await deliverRecorded(services.dataSource, { url: target.url, secret: target.secret }, { businessId, ...delivery }, webhookSettings());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The attempt is recorded either way; the caller reads its outcome in the list.
  }
  return readDelivery(services, businessId, delivery.deliveryId);
};

// raw SQL: webhook_deliveries is an internal table, business-wide like the configuration it belongs to (root Admins only).
const readDelivery = async (services: Services, businessId: string, id: string) =>
  (await services.dataSource.getRepository<WebhookDeliveryRow>(WEBHOOK_DELIVERIES).findOne({ where: { _id: id, businessId } })) ?? undefined;

/**
 * POST /send-test-webhook (root Admins only): a signed test body ({ type: 'test', message, timestamp })
 * to the configured url, recorded among the deliveries. Answers { delivery } with its outcome (a
 * failure is a recorded delivery, not an error of the call).
 */
export const sendTestWebhook = defineAction({
  method: 'post',
  path: '/send-test-webhook',
  auth: 'user',
  input: NoInput,
  authorize: ({ caller }) => requireRootAdmin(caller),
  handler: async ({ services, caller }) => {
    const payload = { type: 'test', message: 'A test delivery from Carelane', timestamp: new Date().toISOString() };
    const row = await attempt(services, caller.businessId, { deliveryId: newId(), event: 'Test delivery', payload });
    return { delivery: shown(row!) };
  },
});

/** GET /webhook-deliveries (root Admins only): { deliveries }, the business's most recent, newest first. */
export const getWebhookDeliveries = defineAction({
  method: 'get',
  path: '/webhook-deliveries',
  auth: 'user',
  input: NoInput,
  authorize: ({ caller }) => requireRootAdmin(caller),
  handler: async ({ services, caller }) => {
    // raw SQL: see readDelivery.
    const rows = await services.dataSource
      .getRepository<WebhookDeliveryRow>(WEBHOOK_DELIVERIES)
      .find({ where: { businessId: caller.businessId }, order: { createdAt: 'DESC', _id: 'DESC' }, take: RECENT_DELIVERIES });
    return { deliveries: rows.map(shown) };
  },
});

class RetryWebhookDeliveryInput {
  @Required(validators.string(200), S.string(200))
  id!: string;
}

/**
 * POST /retry-webhook-delivery { id } (root Admins only): sends a recorded delivery again, the same
 * body and delivery id (receivers drop repeats by it), to the current url and secret. Answers { delivery }.
 */
export const retryWebhookDelivery = defineAction({
  method: 'post',
  path: '/retry-webhook-delivery',
  auth: 'user',
  input: RetryWebhookDeliveryInput,
  authorize: ({ caller }) => requireRootAdmin(caller),
  handler: async ({ services, caller }, { id }) => {
    const previous = await readDelivery(services, caller.businessId, id);
    if (!previous) throw notFound();
    const row = await attempt(services, caller.businessId, { deliveryId: previous._id, event: previous.event, payload: previous.payload });
    return { delivery: shown(row!) };
  },
});
