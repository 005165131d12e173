import { redirect } from '@remix-run/node';

/** Where Stripe's onboarding returns (or restarts) to (api/src/actions/integrations/connect-stripe.ts): the staff app's Integrations settings. */
export const loader = () => redirect('/staff/settings/integrations?connected=Stripe');
