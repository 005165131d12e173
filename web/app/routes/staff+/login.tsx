import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import Button from '../../components/Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import { callApi, formErrorMessage } from '../../api.server';
import { AuthScreen, FormError } from '../../components/AuthScreen';
import { requireOrganization } from '../../organization.server';
import { beginCodeStep } from '../../second-factor.server';
import { STAFF_SECOND_FACTOR } from '../../staff/second-factor.server';
import { requireStaffSignedOut, safeStaffRedirect, startStaffSession } from '../../staff/session.server';
import { isEmail } from '../../validation';

export { StaffErrorBoundary as ErrorBoundary } from '../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Staff sign in' }];

/** The API's own answer for bad credentials, also used for an account of another organization. */
const INVALID_LOGIN = 'Invalid email or password';

type LoginState = { fieldErrors?: { email?: string; password?: string }; formError?: string; email?: string };

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireStaffSignedOut(request);
  return null;
};

/** Staff sign-in through POST /v1/users/login (the reference client's authenticate); the token stays in the server-side cookie. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const organization = await requireOrganization(request);
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const fieldErrors: LoginState['fieldErrors'] = {};
  if (!isEmail(email)) fieldErrors.email = 'Invalid email';
  if (!password) fieldErrors.password = 'Password is required';
  if (fieldErrors.email || fieldErrors.password) return data<LoginState>({ fieldErrors, email });
  try {
    const answer = await callApi<{ authToken: string; user: Record<string, unknown> }>('/v1/users/login', { method: 'POST', body: { email, password } });
    // A staff account of another organization does not sign in on this one's host.
    if (answer.user?.businessId !== organization.businessId) return data<LoginState>({ formError: INVALID_LOGIN, email });
    const redirectTo = safeStaffRedirect(request, new URL(request.url).searchParams.get('redirectTo'));
    // The password was a first factor only: the code step follows (docs/contract/access.md#second-factor).
    if (answer.user.requiresMFA === true) return beginCodeStep(STAFF_SECOND_FACTOR, request, answer.authToken, redirectTo);
    return startStaffSession(request, answer.authToken, answer.user, redirectTo);
  } catch (error) {
    return data<LoginState>({ formError: formErrorMessage(error), email });
  }
};

export default function StaffLogin() {
  const state = useActionData<typeof action>() as LoginState | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  return (
    <AuthScreen title="Staff sign in" subtitle="Sign in to the staff console.">
      <Form method="post" action={redirectTo ? `?${new URLSearchParams({ redirectTo })}` : undefined} noValidate>
        <Stack gap={2}>
          <FormControl error={!!state?.fieldErrors?.email}>
            <FormLabel>Email</FormLabel>
            <Input name="email" type="email" autoComplete="username" defaultValue={state?.email} autoFocus />
            {state?.fieldErrors?.email && <FormHelperText>{state.fieldErrors.email}</FormHelperText>}
          </FormControl>
          <FormControl error={!!state?.fieldErrors?.password}>
            <FormLabel>Password</FormLabel>
            <Input name="password" type="password" autoComplete="current-password" />
            {state?.fieldErrors?.password && <FormHelperText>{state.fieldErrors.password}</FormHelperText>}
          </FormControl>
          <Button type="submit" loading={navigation.state !== 'idle'}>
            Sign in
          </Button>
          <FormError message={state?.formError} />
        </Stack>
      </Form>
    </AuthScreen>
  );
}
