import type { Action } from '../action';
import { authenticateTwilioPhoneCall } from './authenticate-twilio-phone-call';
import { syncEmailIntegrations } from './sync-email-integrations';
import { connectStripe } from './connect-stripe';
import { prepareStripeCheckout } from './prepare-stripe-checkout';
import { stripeWebhook } from './stripe-webhook';

/** Integration and payment calls (issue 19): Twilio calling, email sync, Stripe, OAuth2 connections. */
export const INTEGRATION_ACTIONS: Action[] = [authenticateTwilioPhoneCall, syncEmailIntegrations, connectStripe, prepareStripeCheckout, stripeWebhook];
