import { fail } from './field-error';
import * as v from './validators';
import type { Validator } from './validators';
import { API_RESOURCES } from './identity-validators';

/**
 * Nested shapes of the connections to other systems: integration credentials and webhooks
 * (docs/contract/entities.md#integrations, validation.md#other-rules). Every object rejects unknown
 * keys, as objectOf does.
 */

const { required, optional } = v;

// ---------------------------------------------------------------------------------------------
// Integrations

export const integrationAuthentication = v.objectOf({
  type: required(v.oneOf(['oauth2', 'apiKey'] as const)),
  info: required(
    v.objectOf({
      // Room for tokens encrypted at rest by the OAuth2 calls (ciphertext is longer than the token).
      access_token: optional(v.string(4000)),
      refresh_token: optional(v.string(4000)),
      scope: optional(v.text(25000)),
      expiry_date: optional(v.nonNegativeNumber),
      token_type: optional(v.oneOf(['Bearer'] as const)),
      external_id: optional(v.string()),
      state: optional(v.string()),
      email: optional(v.email),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Webhooks

export const WEBHOOK_SECRET_MIN_EXCLUSIVE = 15;

/** docs/contract/validation.md#other-rules: 'Webhook secret must be longer than 15 characters' (the reference gives no wording). */
export const webhookSecret: Validator<string> = (value) => {
  if (typeof value !== 'string' || value.length <= WEBHOOK_SECRET_MIN_EXCLUSIVE) {
    return fail(`Webhook secret must be longer than ${WEBHOOK_SECRET_MIN_EXCLUSIVE} characters`);
  }
  if (value.length > 250) return fail('String must not exceed 250 characters');
  return value;
};

/** Resources a webhook can subscribe to: every resource but API keys and integrations (as the reference). */
export const WEBHOOK_RESOURCES = API_RESOURCES.filter((name) => name !== 'api_keys' && name !== 'integrations');

const createUpdateDelete = v.objectOf({ create: optional(v.boolean), update: optional(v.boolean), delete: optional(v.boolean) });

/** { endusers: { create: true, ... }, ... }: an unknown resource is 'Got unexpected field(s) [name]'. */
export const webhookSubscriptions = v.objectOf(Object.fromEntries(WEBHOOK_RESOURCES.map((name) => [name, optional(createUpdateDelete)])));
