import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import { requireSettingsAdmin } from '../../../staff/settings/admin.server';
import { IntegrationCard } from '../../../staff/settings/IntegrationCard';
import { integrationsAction, loadIntegrations, type IntegrationsState } from '../../../staff/settings/integrations.server';
import { Outcome } from '../../../staff/settings/SettingsCard';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Integrations · Settings · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken } = await requireSettingsAdmin(request, 'manage integrations');
  return { providers: await loadIntegrations(authToken) };
};

/** Connect (on to the provider's page) or disconnect one provider. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireSettingsAdmin(request, 'manage integrations');
  const outcome = await integrationsAction(authToken, await request.formData());
  return outcome instanceof Response ? outcome : data<IntegrationsState>(outcome);
};

export default function Integrations() {
  const { providers } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as IntegrationsState | undefined;
  return (
    <Stack gap={2}>
      <Outcome saved={state?.saved} error={state?.error} />
      {providers.map((status) => (
        <IntegrationCard key={status.provider} status={status} />
      ))}
    </Stack>
  );
}
