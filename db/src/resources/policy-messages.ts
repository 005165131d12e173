/** Answer to a generic create of the webhook configuration (one per business, by the named call). */
export const WEBHOOKS_BY_NAMED_CALLS = 'Webhooks are configured with POST /v1/configure-webhooks';
