import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { requireSettingsAdmin } from '../../../staff/settings/admin.server';
import { RoleMatrix, RolePicker } from '../../../staff/settings/RoleMatrix';
import { loadRoles, saveRole, type RolesState } from '../../../staff/settings/roles.server';
import { Outcome, SettingsCard } from '../../../staff/settings/SettingsCard';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Roles · Settings · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'see role permissions');
  const { roles, rootAdmin } = await loadRoles(authToken, user);
  const wanted = new URL(request.url).searchParams.get('role');
  return { roles, rootAdmin, current: roles.find((record) => record.role === wanted) ?? roles[0] };
};

/** Saves a role's matrix or adds a role; the api refuses anyone but the root admin. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'change role permissions');
  const { roles } = await loadRoles(authToken, user);
  const outcome = await saveRole(authToken, await request.formData(), roles);
  // A role just added opens at once, to set its permissions.
  if (outcome.added) return redirect(`/staff/settings/roles?role=${encodeURIComponent(outcome.added)}`);
  return data<RolesState>(outcome);
};

function AddRole() {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post">
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-end' }}>
        <input type="hidden" name="intent" value="add" />
        <FormControl sx={{ flex: 1, maxWidth: 360 }}>
          <FormLabel>New role’s name</FormLabel>
          <Input name="role" required />
        </FormControl>
        <Button type="submit" variant="outlined" loading={busy}>
          Add the role
        </Button>
      </Stack>
    </Form>
  );
}

export default function Roles() {
  const { roles, rootAdmin, current } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as RolesState | undefined;
  return (
    <SettingsCard
      id="roles"
      title="Role permissions"
      intro="What staff with each role may do. Admins may do everything; a record type left at Standard follows Carelane’s usual rules for it."
    >
      {!rootAdmin && <Typography level="body-sm">Only an Admin of your top organization can change role permissions; you can see them here.</Typography>}
      {roles.length === 0 ? (
        <Typography>No roles are set up yet: every staff member who is not an Admin has standard access. {rootAdmin ? 'Add a role to give some staff more or less.' : ''}</Typography>
      ) : (
        <RolePicker roles={roles} current={current?.role} />
      )}
      <Outcome saved={state?.saved} error={state?.error} />
      {current && <RoleMatrix key={current.id} record={current} editable={rootAdmin} />}
      {rootAdmin && <AddRole />}
    </SettingsCard>
  );
}
