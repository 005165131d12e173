import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Card from '@mui/joy/Card';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { callApi } from '../../../api.server';
import { readRecord } from '../../../staff/shell/refuse.server';
import { requireStaff } from '../../../staff/session.server';
import { triggerChoices } from '../../../staff/triggers/trigger-choices.server';
import { submitTrigger } from '../../../staff/triggers/trigger-form.server';
import { TriggerForm } from '../../../staff/triggers/TriggerForm';
import type { Trigger, TriggerFormState } from '../../../staff/triggers/trigger-shapes';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data: view }) => [{ title: `${view?.trigger?.title ?? 'New trigger'} · Staff` }];

/** `new` creates a trigger; any other address names the trigger to change. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const id = params.id ?? '';
  const [trigger, { choices }] = await Promise.all([
    id === 'new' ? null : readRecord('record', () => callApi<Trigger>(`/v1/automation-trigger/${encodeURIComponent(id)}`, { authToken })),
    triggerChoices(authToken),
  ]);
  return { trigger, choices, created: new URL(request.url).searchParams.has('created') };
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const id = params.id === 'new' ? undefined : params.id;
  const result = await submitTrigger(authToken, await request.formData(), id);
  // A new trigger opens on its own page, where it can be changed.
  if (!id && result.id) return redirect(`/staff/triggers/${result.id}?created=1`);
  return data<TriggerFormState>(result);
};

export default function TriggerPage() {
  const { trigger, choices, created } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as TriggerFormState | undefined;
  const navigation = useNavigation();
  return (
    <Stack gap={2}>
      <Link component={RemixLink} to="/staff/triggers">All triggers</Link>
      <Typography level="h2" component="h1">
        {trigger ? trigger.title : 'New trigger'}
      </Typography>
      <Stack aria-live="polite">
        {(state?.saved || created) && (
          <Typography role="status" color="success">
            {state?.saved ? `Trigger ${state.saved} saved` : 'Trigger created'}
          </Typography>
        )}
      </Stack>
      <Card variant="outlined" component="section" aria-labelledby="trigger-settings">
        <Typography level="title-lg" component="h2" id="trigger-settings">
          {trigger ? 'Change the trigger' : 'Build the trigger'}
        </Typography>
        <TriggerForm key={JSON.stringify(trigger)} trigger={trigger ?? undefined} choices={choices} state={state} busy={navigation.state === 'submitting'} />
      </Card>
    </Stack>
  );
}
