import { Form, useNavigation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Button from '../../components/Button';
import { Outcome } from './SettingsCard';
import type { WebhookState } from './webhooks.server';

type Subscriptions = Record<string, Partial<Record<string, boolean>>>;

/** Which changes are sent: one row per record type, a checkbox per kind of change. */
function SubscriptionTable({ topics, operations, subscriptions }: { topics: Record<string, { many: string }>; operations: readonly (readonly [string, string])[]; subscriptions: Subscriptions }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="sm" aria-label="Changes sent to the webhook" sx={{ minWidth: 320, '& td:not(:first-of-type), & th:not(:first-of-type)': { textAlign: 'center', width: 80 } }}>
        <thead>
          <tr>
            <th>Record</th>
            {operations.map(([operation, done]) => (
              <th key={operation}>{done[0]!.toUpperCase() + done.slice(1)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Object.entries(topics).map(([resource, topic]) => (
            <tr key={resource}>
              <td>{topic.many}</td>
              {operations.map(([operation, done]) => (
                <td key={operation}>
                  <Checkbox name={`${resource}.${operation}`} defaultChecked={!!subscriptions[resource]?.[operation]} slotProps={{ input: { 'aria-label': `${topic.many} ${done}` } }} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </Box>
  );
}

export function WebhookForm({
  configured,
  url,
  subscriptions,
  topics,
  operations,
  state,
}: {
  configured: boolean;
  url: string;
  subscriptions: Subscriptions;
  topics: Record<string, { many: string }>;
  operations: readonly (readonly [string, string])[];
  state?: WebhookState;
}) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value="save" />
      <Stack gap={2}>
        <FormControl error={!!state?.fieldErrors?.url}>
          <FormLabel>Address</FormLabel>
          <Input name="url" type="url" defaultValue={url} placeholder="https://example.com/carelane-webhook" />
          <FormHelperText>{state?.fieldErrors?.url ?? 'Carelane posts each change here as JSON.'}</FormHelperText>
        </FormControl>
        <FormControl error={!!state?.fieldErrors?.secret}>
          <FormLabel>Signing secret</FormLabel>
          <Input name="secret" type="password" autoComplete="new-password" />
          <FormHelperText>
            {state?.fieldErrors?.secret ??
              (configured ? 'Leave empty to keep the current secret. ' : 'More than 15 characters. ') + 'Each delivery is signed with it (X-Carelane-Signature).'}
          </FormHelperText>
        </FormControl>
        <SubscriptionTable topics={topics} operations={operations} subscriptions={subscriptions} />
        <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
          Save webhook settings
        </Button>
        <Outcome saved={state?.saved} error={state?.error} />
      </Stack>
    </Form>
  );
}
