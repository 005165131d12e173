import type { Action } from '../action';
import { configureWebhooks } from './configure-webhooks';
import { getWebhookConfiguration } from './get-webhook-configuration';
import { sendAutomationWebhook } from './send-automation-webhook';
import { updateWebhooks } from './update-webhooks';
import { getWebhookDeliveries, retryWebhookDelivery, sendTestWebhook } from './webhook-deliveries';

/** Webhook configuration calls: one configuration per business, in the webhooks resource. */
export const WEBHOOK_ACTIONS: Action[] = [configureWebhooks, getWebhookConfiguration, updateWebhooks, sendAutomationWebhook, sendTestWebhook, getWebhookDeliveries, retryWebhookDelivery];
