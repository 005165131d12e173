import { readOptionalString, readOptionalUrl } from '@carelane/db';
import { readOAuth2Providers, type OAuth2Provider } from './oauth2-providers';

/**
 * Outside services the integration calls talk to, read from the environment with the rest of the
 * api's configuration. Each service is optional: a call that needs a missing one answers a 4xx that
 * names the missing settings (never a 500).
 */
export interface IntegrationsConfig {
  /** Twilio Voice access tokens: an API key (not the auth token) signs them. */
  twilioVoice: {
    accountSid?: string;
    apiKeySid?: string;
    apiKeySecret?: string;
    /** The TwiML app that places outgoing calls (optional: incoming-only tokens without it). */
    twimlAppSid?: string;
  };
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    /** Where the stripe package sends requests (a local stand-in in tests); Stripe's own api by default. */
    apiBaseUrl?: string;
  };
  square: {
    /** Square's API (a local stand-in in tests). */
    apiBaseUrl: string;
    /** The webhook subscription's signature key. */
    webhookSignatureKey?: string;
    /** The notification URL exactly as subscribed at Square: the signature covers it, and behind a proxy the request's own URL may differ. */
    webhookUrl?: string;
  };
  /** The Gmail API, read over a connected Google integration's token (a local stand-in in tests). */
  gmail: { apiBaseUrl: string };
  /** OAuth2 providers by integration title (OAUTH2_<TITLE>_CLIENT_ID ...). */
  oauth2: Record<string, OAuth2Provider>;
}

export const readIntegrationsConfig = (env: NodeJS.ProcessEnv): IntegrationsConfig => ({
  twilioVoice: {
    accountSid: readOptionalString(env, 'TWILIO_ACCOUNT_SID'),
    apiKeySid: readOptionalString(env, 'TWILIO_API_KEY_SID'),
    apiKeySecret: readOptionalString(env, 'TWILIO_API_KEY_SECRET'),
    twimlAppSid: readOptionalString(env, 'TWILIO_TWIML_APP_SID'),
  },
  stripe: {
    secretKey: readOptionalString(env, 'STRIPE_SECRET_KEY'),
    publishableKey: readOptionalString(env, 'STRIPE_PUBLISHABLE_KEY'),
    webhookSecret: readOptionalString(env, 'STRIPE_WEBHOOK_SECRET'),
    apiBaseUrl: readOptionalUrl(env, 'STRIPE_API_BASE_URL', ['http', 'https']),
  },
  square: {
    apiBaseUrl: readOptionalUrl(env, 'SQUARE_API_BASE_URL', ['http', 'https']) ?? 'https://connect.squareup.com',
    webhookSignatureKey: readOptionalString(env, 'SQUARE_WEBHOOK_SIGNATURE_KEY'),
    webhookUrl: readOptionalUrl(env, 'SQUARE_WEBHOOK_URL', ['http', 'https']),
  },
  gmail: { apiBaseUrl: readOptionalUrl(env, 'GMAIL_API_BASE_URL', ['http', 'https']) ?? 'https://gmail.googleapis.com' },
  oauth2: readOAuth2Providers(env),
});

/** The names of the settings that are missing, for a message that says what to configure. */
export const missingSettings = (settings: Record<string, string | undefined>) =>
  Object.entries(settings)
    .filter(([, value]) => !value)
    .map(([name]) => name);
