import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/**
 * Where the api sends an Admin's browser back after a provider's consent (`${PORTAL_URL}/integrations?connected=<title>`,
 * api/src/actions/integrations/oauth2-calls.ts): on to the staff app's Integrations settings, which say so.
 */
export const loader = ({ request }: LoaderFunctionArgs) => {
  const connected = new URL(request.url).searchParams.get('connected');
  return redirect(`/staff/settings/integrations${connected ? `?connected=${encodeURIComponent(connected)}` : ''}`);
};
