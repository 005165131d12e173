import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { callApi, formErrorMessage } from '../../../api.server';
import { ConfirmDelete } from '../../../staff/scheduling/ConfirmDelete';
import { CopyField } from '../../../staff/scheduling/CopyField';
import { requireSettingsAdmin } from '../../../staff/settings/admin.server';
import { Outcome, SettingsCard } from '../../../staff/settings/SettingsCard';
import { formatIn } from '../../../time/format';
import { staffTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'API keys · Settings · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'manage API keys');
  const keys = await callApi<{ id: string; createdAt?: string }[]>('/v1/api-keys', { authToken, query: { limit: '100', sort: 'newFirst' } });
  const zone = staffTimeZone(request, user);
  // Keys are told apart by when they were made (the key itself is never stored, so never shown again).
  return { keys: keys.map((key, index) => ({ id: key.id, label: `Key created ${key.createdAt ? formatIn(key.createdAt, zone) : ''}`.trim(), position: index })) };
};

type ActionState = { created?: string; saved?: string; error?: string };

/** Creates a key (answered once, shown once) or revokes one. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireSettingsAdmin(request, 'manage API keys');
  const form = await request.formData();
  try {
    if (form.get('intent') === 'delete') {
      await callApi(`/v1/api-key/${encodeURIComponent(String(form.get('id') ?? ''))}`, { method: 'DELETE', authToken });
      return data<ActionState>({ saved: 'The key was revoked: calls with it are refused from now on.' });
    }
    const created = await callApi<{ key: string }>('/v1/api-key', { method: 'POST', authToken, body: {} });
    return data<ActionState>({ created: created.key });
  } catch (error) {
    return data<ActionState>({ error: formErrorMessage(error) });
  }
};

export default function ApiKeys() {
  const { keys } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as ActionState | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <Stack gap={2}>
      <SettingsCard
        id="api-keys"
        title="API keys"
        intro="A key lets a program call Carelane's API as you, with your roles, by sending the header Authorization: API_KEY followed by the key. Revoke a key you no longer use."
      >
        {state?.created && (
          <Alert color="warning" variant="soft" sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
            <Typography level="title-sm">Copy your new key now: it is shown only this once.</Typography>
            <CopyField label="New API key" value={state.created} />
          </Alert>
        )}
        {keys.length === 0 ? (
          <Typography>You have no API keys yet. Create one when a program needs to call the API for your organization.</Typography>
        ) : (
          <List aria-label="Your API keys" sx={{ '--ListItem-paddingX': 0 }}>
            {keys.map((key) => (
              <ListItem key={key.id} endAction={<ConfirmDelete name={key.label.replace(/^Key/, 'the key')} verb="Revoke" consequence="Programs using this key can no longer call the API. This cannot be undone." fields={{ id: key.id }} />}>
                <Typography>{key.label}</Typography>
              </ListItem>
            ))}
          </List>
        )}
        <Form method="post">
          <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            Create an API key
          </Button>
        </Form>
        <Outcome saved={state?.saved} error={state?.error} />
      </SettingsCard>
    </Stack>
  );
}
