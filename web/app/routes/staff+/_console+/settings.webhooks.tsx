import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Chip from '@mui/joy/Chip';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { requireSettingsAdmin } from '../../../staff/settings/admin.server';
import { Outcome, SettingsCard } from '../../../staff/settings/SettingsCard';
import { WebhookForm } from '../../../staff/settings/WebhookForm';
import { loadWebhooks, saveWebhooks, sendDelivery, type WebhookState } from '../../../staff/settings/webhooks.server';
import { OPERATIONS, WEBHOOK_TOPICS } from '../../../staff/settings/webhook-topics';
import { staffTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Webhooks · Settings · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'manage webhooks');
  return loadWebhooks(authToken, staffTimeZone(request, user));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'manage webhooks');
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const state =
    intent === 'save' ? await saveWebhooks(authToken, form, (await loadWebhooks(authToken, staffTimeZone(request, user))).configured) : await sendDelivery(authToken, form);
  return data<WebhookState & { intent: string }>({ ...state, intent });
};

function Deliveries() {
  const { deliveries, configured } = useLoaderData<typeof loader>();
  const all = useActionData<typeof action>() as (WebhookState & { intent: string }) | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <SettingsCard id="deliveries" title="Recent deliveries" intro="The latest changes sent to your webhook, with what it answered. A failed delivery can be sent again.">
      <Form method="post">
        <input type="hidden" name="intent" value="test" />
        <Button type="submit" variant="outlined" loading={busy} disabled={!configured} sx={{ alignSelf: 'flex-start' }}>
          Send a test delivery
        </Button>
      </Form>
      {all && all.intent !== 'save' && <Outcome saved={all.saved} error={all.error} />}
      {deliveries.length === 0 ? (
        <Typography level="body-sm">{configured ? 'Nothing sent yet. Send a test delivery to check your address.' : 'Save an address and a secret first; deliveries will be listed here.'}</Typography>
      ) : (
        <List aria-label="Recent deliveries" sx={{ '--ListItem-paddingX': 0 }}>
          {deliveries.map((delivery) => (
            <ListItem key={delivery.id} sx={{ flexWrap: 'wrap', gap: 1, py: 1, borderBottom: '1px solid', borderColor: 'divider' }}>
              <Stack sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography level="title-sm">{delivery.label}</Typography>
                <Typography level="body-sm" sx={{ overflowWrap: 'anywhere' }}>
                  {delivery.at} · {delivery.detail}
                  {delivery.attempts > 1 ? ` · ${delivery.attempts} attempts` : ''}
                </Typography>
              </Stack>
              <Chip size="sm" variant="soft" color={delivery.status === 'Delivered' ? 'success' : 'danger'}>
                {delivery.status}
              </Chip>
              {delivery.status === 'Failed' && (
                <Form method="post">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="id" value={delivery.id} />
                  <Button type="submit" size="sm" variant="plain" loading={busy} aria-label={`Retry ${delivery.label} of ${delivery.at}`}>
                    Retry
                  </Button>
                </Form>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </SettingsCard>
  );
}

export default function Webhooks() {
  const { configured, url, subscriptions } = useLoaderData<typeof loader>();
  const all = useActionData<typeof action>() as (WebhookState & { intent: string }) | undefined;
  return (
    <Stack gap={2}>
      <SettingsCard id="webhook" title="Webhook" intro="Send changes to your own system as they happen: choose an address, a secret to sign them with, and which changes to send.">
        <WebhookForm configured={configured} url={url} subscriptions={subscriptions} topics={WEBHOOK_TOPICS} operations={OPERATIONS} state={all?.intent === 'save' ? all : undefined} />
      </SettingsCard>
      <Deliveries />
    </Stack>
  );
}
