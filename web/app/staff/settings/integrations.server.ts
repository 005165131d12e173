import { redirect } from '@remix-run/node';
import { callApi, formErrorMessage } from '../../api.server';

export type Provider = 'Google' | 'Square' | 'Stripe' | 'Zoom';

/** One provider's status as GET /integrations-status answers it (names of missing settings, never values). */
export interface IntegrationStatus {
  provider: Provider;
  kind: 'oauth2' | 'stripe' | 'server';
  configured: boolean;
  missing: string[];
  connected: boolean;
  ownIntegrationId?: string;
  connectedAt?: string;
}

export const loadIntegrations = async (authToken: string) =>
  (await callApi<{ providers: IntegrationStatus[] }>('/v1/integrations-status', { authToken })).providers;

export type IntegrationsState = { saved?: string; error?: string };

const PROVIDERS: readonly string[] = ['Google', 'Square', 'Stripe', 'Zoom'];

/** Connect: the provider's own consent or onboarding page, in the browser (the api answers its address). */
const connect = async (authToken: string, provider: string) => {
  if (provider === 'Stripe') {
    const { accountLinkUrl } = await callApi<{ accountLinkUrl: string }>('/v1/connect-stripe', { method: 'POST', authToken, body: {} });
    return redirect(accountLinkUrl);
  }
  const { authUrl } = await callApi<{ authUrl: string }>('/v1/generate-oauth2-auth-url', { method: 'POST', authToken, body: { integration: provider } });
  return redirect(authUrl);
};

/** Disconnect: OAuth2 providers revoke their grant through the api; Stripe's record is deleted (its account stays the organization's at Stripe). */
const disconnect = async (authToken: string, provider: string, id: string) => {
  if (provider === 'Stripe') await callApi(`/v1/integration/${encodeURIComponent(id)}`, { method: 'DELETE', authToken });
  else await callApi('/v1/disconnect-oauth2-integration', { method: 'POST', authToken, body: { integration: provider } });
  return { saved: `${provider} was disconnected.` };
};

export const integrationsAction = async (authToken: string, form: FormData): Promise<IntegrationsState | Response> => {
  const provider = String(form.get('provider') ?? '');
  if (!PROVIDERS.includes(provider)) return { error: 'Choose Google, Square, Stripe or Zoom' };
  try {
    if (form.get('intent') === 'disconnect') return await disconnect(authToken, provider, String(form.get('id') ?? ''));
    return await connect(authToken, provider);
  } catch (error) {
    return { error: formErrorMessage(error) };
  }
};
