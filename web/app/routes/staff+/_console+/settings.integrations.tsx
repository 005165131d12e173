import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import { requireSettingsAdmin } from '../../../staff/settings/admin.server';
import { IntegrationCard } from '../../../staff/settings/IntegrationCard';
import { integrationsAction, loadIntegrations, type IntegrationsState } from '../../../staff/settings/integrations.server';
import { Outcome } from '../../../staff/settings/SettingsCard';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Integrations · Settings · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken } = await requireSettingsAdmin(request, 'manage integrations');
  // Back from a provider's page (web/app/routes/_public+/integrations._index.tsx): say which one, when it is now connected.
  const back = new URL(request.url).searchParams.get('connected');
  const providers = await loadIntegrations(authToken);
  const connected = providers.find((status) => status.provider === back && status.connected)?.provider;
  return { providers, connected };
};

/** Connect (on to the provider's page) or disconnect one provider. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireSettingsAdmin(request, 'manage integrations');
  const outcome = await integrationsAction(authToken, await request.formData());
  return outcome instanceof Response ? outcome : data<IntegrationsState>(outcome);
};

export default function Integrations() {
  const { providers, connected } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as IntegrationsState | undefined;
  return (
    <Stack gap={2}>
      <Outcome saved={state?.saved ?? (connected && `${connected} is connected.`)} error={state?.error} />
      {providers.map((status) => (
        <IntegrationCard key={status.provider} status={status} />
      ))}
    </Stack>
  );
}
