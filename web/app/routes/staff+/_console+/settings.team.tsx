import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Button from '../../../components/Button';
import { NativeSelect } from '../../../staff/NativeSelect';
import { requireSettingsAdmin } from '../../../staff/settings/admin.server';
import { Outcome, SettingsCard } from '../../../staff/settings/SettingsCard';
import { TeamList } from '../../../staff/settings/TeamList';
import { changeRole, inviteColleague, loadTeam, removeColleague, resetSecondFactor, type TeamState } from '../../../staff/settings/team.server';
import { useResetOnSave } from '../../../staff/useResetOnSave';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Team · Settings · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'manage the team');
  return loadTeam(authToken, user);
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'manage the team');
  const form = await request.formData();
  const intent = form.get('intent');
  const state =
    intent === 'role'
      ? await changeRole(authToken, form)
      : intent === 'remove'
        ? await removeColleague(authToken, form)
        : intent === 'reset-second-factor'
          ? await resetSecondFactor(authToken, form)
          : await inviteColleague(authToken, user, form);
  return data<TeamState & { intent?: string }>({ ...state, intent: String(intent ?? 'invite') });
};

function Field({ name, label, type = 'text', error, autoComplete }: { name: string; label: string; type?: string; error?: string; autoComplete?: string }) {
  return (
    <FormControl error={!!error} sx={{ flex: '1 1 180px' }}>
      <FormLabel>{label}</FormLabel>
      <Input name={name} type={type} autoComplete={autoComplete} />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

function InviteForm({ roles }: { roles: string[] }) {
  const all = useActionData<typeof action>() as (TeamState & { intent?: string }) | undefined;
  const state = all?.intent === 'invite' ? all : undefined;
  const busy = useNavigation().state === 'submitting';
  const formRef = useResetOnSave(state);
  return (
    <SettingsCard id="invite" title="Invite a colleague" intro="They get an email with a link to choose a password, and sign in with the role you give them.">
      <Form method="post" ref={formRef} noValidate>
        <input type="hidden" name="intent" value="invite" />
        <Stack gap={2}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Field name="fname" label="First name" error={state?.fieldErrors?.fname} autoComplete="off" />
            <Field name="lname" label="Last name" error={state?.fieldErrors?.lname} autoComplete="off" />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Field name="email" label="Email" type="email" error={state?.fieldErrors?.email} autoComplete="off" />
            <Box sx={{ flex: '1 1 180px' }}>
              <NativeSelect id="invite-role" label="Role" name="role" options={roles} defaultValue="Non-Admin" />
            </Box>
          </Box>
          <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            Send invitation
          </Button>
          <Outcome saved={state?.saved} error={state?.error} />
        </Stack>
      </Form>
    </SettingsCard>
  );
}

export default function Team() {
  const { members, roles } = useLoaderData<typeof loader>();
  const all = useActionData<typeof action>() as (TeamState & { intent?: string }) | undefined;
  return (
    <Stack gap={2}>
      <SettingsCard id="team" title="Team" intro="Everyone who works in this organization, with their role. A role decides what they may see and change.">
        <TeamList members={members} roles={roles} />
        {all?.intent !== 'invite' && <Outcome saved={all?.saved} error={all?.error} />}
      </SettingsCard>
      <InviteForm roles={roles} />
    </Stack>
  );
}
