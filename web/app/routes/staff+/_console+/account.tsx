import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { SecondFactorCard } from '../../../staff/account/SecondFactorCard';
import { loadOwnSecondFactor, turnOffSecondFactor, turnOnSecondFactor, type SecondFactorState } from '../../../staff/account/second-factor.server';
import { requireStaff } from '../../../staff/session.server';
import { ProfileCard } from '../../../staff/account/ProfileCard';
import { ownProfile, saveOwnProfile, sendPasswordLink, type OwnProfileState } from '../../../staff/account/profile.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Your account · Staff' }];

/** Every staff member's own page (not under Settings, which is for Admins): their name, clock and password, and their second factor. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const [account, profile] = await Promise.all([loadOwnSecondFactor(authToken, user), ownProfile(authToken, user)]);
  return { account, profile };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'profile') {
    const { state, cookie } = await saveOwnProfile(request, authToken, user, form);
    return data<SecondFactorState | OwnProfileState>(state, cookie ? { headers: { 'Set-Cookie': cookie } } : undefined);
  }
  if (intent === 'password') return data<SecondFactorState | OwnProfileState>(await sendPasswordLink(authToken, user));
  const state = form.get('intent') === 'turn-off' ? await turnOffSecondFactor(authToken, user) : await turnOnSecondFactor(authToken);
  // The codes are in this one answer only, never cached on the way.
  return data<SecondFactorState | OwnProfileState>(state, { headers: { 'Cache-Control': 'no-store' } });
};

export default function Account() {
  const { account, profile } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as (SecondFactorState & Partial<OwnProfileState>) | undefined;
  const own = answer && 'intent' in answer && (answer.intent === 'profile' || answer.intent === 'password') ? (answer as OwnProfileState) : undefined;
  const state = own ? undefined : (answer as SecondFactorState | undefined);
  return (
    <Stack gap={2}>
      <Typography level="h2" component="h1">
        Your account
      </Typography>
      <ProfileCard key={`${profile.fname} ${profile.lname} ${profile.timezone} ${profile.emailOnMessage} ${profile.autoReply}`} values={profile} email={account.email} role={account.role} state={own} />
      <SecondFactorCard account={account} state={state} />
    </Stack>
  );
}
