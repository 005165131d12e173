import type { WebhookDeliveryView } from '@carelane/automation';
import { ApiError, callApi, formErrorMessage } from '../../api.server';
import { formatIn } from '../../time/format';
import { deliveryLabel, OPERATIONS, WEBHOOK_TOPICS } from './webhook-topics';

type Subscriptions = Record<string, Partial<Record<'create' | 'update' | 'delete', boolean>>>;

type Delivery = WebhookDeliveryView;

/** The configuration (never its secret) and the recent deliveries, times on the viewer's clock. */
export const loadWebhooks = async (authToken: string, zone: string) => {
  const [configuration, { deliveries }] = await Promise.all([
    callApi<{ url?: string; subscriptions?: Subscriptions }>('/v1/webhook-configuration', { authToken }),
    callApi<{ deliveries: Delivery[] }>('/v1/webhook-deliveries', { authToken }),
  ]);
  return {
    configured: !!configuration.url,
    url: configuration.url ?? '',
    subscriptions: configuration.subscriptions ?? {},
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      label: deliveryLabel(delivery.event),
      status: delivery.status,
      detail: delivery.status === 'Delivered' ? `Answered ${delivery.statusCode ?? ''}`.trim() : (delivery.error ?? 'Not delivered'),
      attempts: delivery.attempts,
      at: formatIn(delivery.lastAttemptAt, zone),
    })),
  };
};

export type WebhookState = { saved?: string; error?: string; fieldErrors?: Partial<Record<'url' | 'secret', string>> };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

const subscriptionsOf = (form: FormData): Subscriptions =>
  Object.fromEntries(Object.keys(WEBHOOK_TOPICS).map((resource) => [resource, Object.fromEntries(OPERATIONS.map(([operation]) => [operation, form.has(`${resource}.${operation}`)]))]));

const problem = (error: unknown): WebhookState => {
  const message = formErrorMessage(error);
  const field = /^Error parsing field (url|secret)/.exec(message)?.[1] ?? (/^Webhook secret/.test(message) ? 'secret' : undefined);
  return field ? { fieldErrors: { [field]: message } } : { error: message };
};

/** Saves the address, the secret (kept when left empty) and the subscriptions. */
export const saveWebhooks = async (authToken: string, form: FormData, configured: boolean): Promise<WebhookState> => {
  const url = text(form, 'url');
  const secret = text(form, 'secret');
  const subscriptions = subscriptionsOf(form);
  if (!configured && !secret) return { fieldErrors: { secret: 'Choose a signing secret of more than 15 characters' } };
  try {
    if (configured) {
      await callApi('/v1/update-webhooks', { method: 'PATCH', authToken, body: { url, ...(secret ? { secret } : {}), subscriptionUpdates: subscriptions } });
    } else {
      await callApi('/v1/configure-webhooks', { method: 'POST', authToken, body: { url, secret, subscriptions } });
    }
    return { saved: 'Webhook settings saved.' };
  } catch (error) {
    return problem(error);
  }
};

/** Sends a test delivery or retries one; either way the outcome is in the recent deliveries. */
export const sendDelivery = async (authToken: string, form: FormData): Promise<WebhookState> => {
  const retry = form.get('intent') === 'retry';
  try {
    const { delivery } = await callApi<{ delivery: Delivery }>(retry ? '/v1/retry-webhook-delivery' : '/v1/send-test-webhook', {
      method: 'POST',
      authToken,
      body: retry ? { id: text(form, 'id') } : {},
    });
    return delivery.status === 'Delivered' ? { saved: `${retry ? 'Retried' : 'Test'}: delivered.` } : { error: `${retry ? 'Retried' : 'Test'}: not delivered (${delivery.error ?? 'no answer'}).` };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { error: 'That delivery is no longer listed.' };
    return { error: formErrorMessage(error) };
  }
};
