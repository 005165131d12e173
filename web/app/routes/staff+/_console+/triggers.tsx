import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link as RemixLink, useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Switch from '@mui/joy/Switch';
import Typography from '@mui/joy/Typography';
import { callApi } from '../../../api.server';
import { FormError } from '../../../components/AuthScreen';
import { withCondition } from '../../../staff/journey-builder/conditions';
import { fieldLabelOf } from '../../../staff/journey-builder/patient-fields';
import { EmptyState } from '../../../staff/list/EmptyState';
import { staffAbilities } from '../../../staff/permissions.server';
import { requireStaff } from '../../../staff/session.server';
import { triggerChoices } from '../../../staff/triggers/trigger-choices.server';
import { setTriggerStatus } from '../../../staff/triggers/trigger-form.server';
import { triggerNameOf } from '../../../staff/triggers/trigger-names';
import { triggerSentences, type Trigger, type TriggerFormState } from '../../../staff/triggers/trigger-shapes';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Triggers · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const [triggers, abilities, { named, choices }] = await Promise.all([
    callApi<Trigger[]>('/v1/automation-triggers', { authToken, query: { limit: '500', sort: 'oldFirst' } }),
    staffAbilities(authToken, user),
    triggerChoices(authToken),
  ]);
  const nameOf = triggerNameOf(named);
  const fieldLabel = fieldLabelOf(choices.fields);
  return {
    triggers: triggers.map((trigger) => {
      const { when, then } = triggerSentences(trigger, nameOf);
      return { id: trigger.id, title: trigger.title, status: trigger.status, then, when: withCondition(when, trigger.enduserCondition, fieldLabel) };
    }),
    canCreate: abilities.can('automation_triggers', 'create'),
    canUpdate: abilities.can('automation_triggers', 'update'),
  };
};

/** The list's switch: turns one trigger on or off. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const form = await request.formData();
  return data<TriggerFormState>(await setTriggerStatus(authToken, String(form.get('id') ?? ''), form.get('active') === 'true'));
};

/** One trigger: its name, its sentences, its status and the switch that changes it. */
function TriggerRow({ trigger, canUpdate }: { trigger: { id: string; title: string; status: string; when: string; then: string }; canUpdate: boolean }) {
  const fetcher = useFetcher<TriggerFormState>();
  const active = fetcher.formData ? fetcher.formData.get('active') === 'true' : trigger.status === 'Active';
  return (
    <Card component="li" variant="outlined" aria-label={trigger.title}>
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap" justifyContent="space-between">
        <Typography level="title-md" component="h2">
          {canUpdate ? <Link component={RemixLink} to={`/staff/triggers/${trigger.id}`}>{trigger.title}</Link> : trigger.title}
        </Typography>
        <Stack direction="row" gap={1} alignItems="center">
          <Chip size="sm" variant="soft" color={active ? 'success' : 'neutral'}>
            {active ? 'Active' : 'Inactive'}
          </Chip>
          {canUpdate && (
            <Switch
              checked={active}
              onChange={(event) => fetcher.submit({ id: trigger.id, active: String(event.target.checked) }, { method: 'post' })}
              slotProps={{ input: { 'aria-label': `Active: ${trigger.title}` } }}
            />
          )}
        </Stack>
      </Stack>
      <Typography>
        {trigger.when}, then: {trigger.then}
      </Typography>
      <FormError message={fetcher.data?.formError} />
    </Card>
  );
}

export default function Triggers() {
  const { triggers, canCreate, canUpdate } = useLoaderData<typeof loader>();
  // A switch used before the page's script runs posts the page itself: its answer shows here.
  const answer = useActionData<typeof action>() as TriggerFormState | undefined;
  return (
    <Stack gap={3}>
      <FormError message={answer?.formError} />
      <Stack direction="row" gap={2} alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <Typography level="h2" component="h1">
          Triggers
        </Typography>
        {canCreate && <Button component={RemixLink} to="/staff/triggers/new">New trigger</Button>}
      </Stack>
      <Typography>Organization-wide rules: when something happens to a patient, do something for them, such as add them to a journey.</Typography>
      {triggers.length === 0 ? (
        <EmptyState title="No triggers yet" text={canCreate ? 'Create one to start a journey when a form is submitted, a field changes or a patient is added.' : 'Your organization has no triggers yet.'} actions={canCreate ? <Button component={RemixLink} to="/staff/triggers/new">New trigger</Button> : undefined} />
      ) : (
        <Stack component="ul" gap={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {triggers.map((trigger) => (
            <TriggerRow key={trigger.id} trigger={trigger} canUpdate={canUpdate} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
