import type { Action } from '../action';
import { authenticateTwilioPhoneCall } from './authenticate-twilio-phone-call';
import { syncEmailIntegrations } from './sync-email-integrations';
import { connectStripe } from './connect-stripe';
import { prepareStripeCheckout } from './prepare-stripe-checkout';
import { stripeWebhook } from './stripe-webhook';
import { prepareSquareCheckout } from './prepare-square-checkout';
import { squareWebhook } from './square-webhook';
import { integrationsStatus } from './integrations-status';
import { disconnectOAuth2Integration, generateGoogleAuthUrl, generateOAuth2AuthUrl, generateSquareAuthUrl, oauth2Callback, refreshOAuth2Session } from './oauth2-calls';

/** Integration and payment calls (issue 19): Twilio calling, email sync, Stripe, Square, OAuth2 connections. */
export const INTEGRATION_ACTIONS: Action[] = [
  authenticateTwilioPhoneCall,
  syncEmailIntegrations,
  connectStripe,
  prepareStripeCheckout,
  stripeWebhook,
  prepareSquareCheckout,
  squareWebhook,
  generateOAuth2AuthUrl,
  generateGoogleAuthUrl,
  generateSquareAuthUrl,
  oauth2Callback,
  disconnectOAuth2Integration,
  refreshOAuth2Session,
  integrationsStatus,
];
