import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { SecondFactorCard } from '../../../staff/account/SecondFactorCard';
import { loadOwnSecondFactor, turnOffSecondFactor, turnOnSecondFactor, type SecondFactorState } from '../../../staff/account/second-factor.server';
import { requireStaff } from '../../../staff/session.server';
import { SettingsCard } from '../../../staff/settings/SettingsCard';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Your account · Staff' }];

/** Every staff member's own page (not under Settings, which is for Admins): who they are and their second factor. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return { account: await loadOwnSecondFactor(authToken, user) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const form = await request.formData();
  const state = form.get('intent') === 'turn-off' ? await turnOffSecondFactor(authToken, user) : await turnOnSecondFactor(authToken);
  // The codes are in this one answer only, never cached on the way.
  return data<SecondFactorState>(state, { headers: { 'Cache-Control': 'no-store' } });
};

export default function Account() {
  const { account } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as SecondFactorState | undefined;
  return (
    <Stack gap={2}>
      <Typography level="h2" component="h1">
        Your account
      </Typography>
      <SettingsCard id="you" title="You">
        <Stack gap={0.5}>
          <Typography level="title-md">{account.name}</Typography>
          <Typography level="body-sm" sx={{ overflowWrap: 'anywhere' }}>
            {account.email}
          </Typography>
          <Typography level="body-sm">Role: {account.role}</Typography>
        </Stack>
      </SettingsCard>
      <SecondFactorCard account={account} state={state} />
    </Stack>
  );
}
