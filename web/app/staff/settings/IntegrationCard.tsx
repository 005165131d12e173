import { Form, useNavigation } from '@remix-run/react';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { ConfirmDelete } from '../scheduling/ConfirmDelete';
import type { IntegrationStatus, Provider } from './integrations.server';
import { SettingsCard } from './SettingsCard';

/** What each provider does for the organization, in the staff's words. */
const PURPOSE: Record<Provider, string> = {
  Google: 'Sync your team’s Gmail and Google Calendar with Carelane.',
  Square: 'Take payments from patients with your Square account.',
  Stripe: 'Take payments from patients with Stripe. Connecting opens Stripe’s sign-up for your organization’s account.',
  Zoom: 'Create Zoom meetings for video appointments.',
};

/** Where the operator gets the settings a provider needs. */
const WHERE: Record<Provider, string> = {
  Google: 'a Google Cloud OAuth client',
  Square: 'a Square developer application',
  Stripe: 'the Stripe dashboard',
  Zoom: 'a Zoom Server-to-Server OAuth app',
};

const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

function StatusChip({ status }: { status: IntegrationStatus }) {
  if (!status.configured) return <Chip variant="soft" color="neutral">Not set up on this server</Chip>;
  if (status.connected) return <Chip variant="soft" color="success">Connected</Chip>;
  return <Chip variant="soft" color="warning">Not connected</Chip>;
}

function Explanation({ status }: { status: IntegrationStatus }) {
  if (!status.configured)
    return (
      <Typography level="body-sm">
        Your server operator must set {list(status.missing)} (from {WHERE[status.provider]}) and restart Carelane before anyone can connect {status.provider}.
        {status.ownIntegrationId && ` Your organization’s earlier ${status.provider} connection stays until you disconnect it, but is not used meanwhile.`}
      </Typography>
    );
  if (status.kind === 'server') return <Typography level="body-sm">Meetings use this server’s Zoom account: there is nothing to connect.</Typography>;
  if (status.connected && !status.ownIntegrationId)
    return <Typography level="body-sm">Your organization uses the connection of the organization above it. Connect your own to use a different account.</Typography>;
  return null;
}

/** One provider: what it does, its status, and Connect or Disconnect (after a confirmation). */
export function IntegrationCard({ status }: { status: IntegrationStatus }) {
  const busy = useNavigation().state === 'submitting';
  const id = `integration-${status.provider.toLowerCase()}`;
  const canConnect = status.configured && status.kind !== 'server' && !status.ownIntegrationId;
  return (
    <SettingsCard id={id} title={status.provider} intro={PURPOSE[status.provider]}>
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <StatusChip status={status} />
      </Stack>
      <Explanation status={status} />
      {canConnect && (
        <Form method="post">
          <input type="hidden" name="provider" value={status.provider} />
          <Button type="submit" name="intent" value="connect" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            Connect {status.provider}
          </Button>
        </Form>
      )}
      {status.ownIntegrationId && (
        <Stack direction="row">
          <ConfirmDelete
            name={status.provider}
            verb="Disconnect"
            intent="disconnect"
            fields={{ provider: status.provider, id: status.ownIntegrationId }}
            consequence={`Carelane stops using your organization’s ${status.provider} account until an Admin connects it again.`}
          />
        </Stack>
      )}
    </SettingsCard>
  );
}
