import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import Button from '../../components/Button';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { callApi, formErrorMessage } from '../../api.server';
import { NewAccountPassword, TermsAgreement } from '../../components/AccountFields';
import { AuthMessage, AuthScreen, FormError } from '../../components/AuthScreen';
import { withoutFieldPrefix } from '../../components/NewPasswordForm';
import { useRouteForm } from '../../route-form';
import { requireOrganization } from '../../organization.server';
import { formValues, hasErrors, isEmail, linkToken, validateStaffRegistration, type FieldErrors, type StaffRegisterValues } from '../../validation';

export { StaffErrorBoundary as ErrorBoundary } from '../../staff/StaffErrorBoundary';

/**
 * An invited staff member's page (PORTAL_URL/staff/register?inviteCode=…&email=…, mailed by the API's
 * invite-user-to-organization; see docs/decisions.md): choose a password and accept the terms, then
 * users/register. Public, and no enduser session is read or changed. There is no staff app in this
 * portal, so success only says to sign in.
 */
const TEXTS = {
  invalidLink: 'This invitation is invalid or has expired',
  done: 'Your account is ready. Sign in to Carelane with your email and new password.',
} as const;

/** The version of the Terms of Service the staff member agrees to (as on /register). */
const TERMS_VERSION = '1.0';


type StaffRegisterState =
  | { step: 'register'; fieldErrors?: FieldErrors<keyof StaffRegisterValues>; formError?: string }
  | { step: 'done' }
  | { step: 'invalid' };

/** Failures answer 200 with the problem for the form (see login.tsx). */
const respond = (state: StaffRegisterState) => data(state);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The invitation a link (or the posted form) names, if it names one at all. */
const invitationOf = (values: { inviteCode?: unknown; email?: unknown }) => {
  const inviteCode = linkToken(values.inviteCode);
  const email = text(values.email).trim().toLowerCase();
  return inviteCode && isEmail(email) ? { inviteCode, email } : undefined;
};

/** The invite code is in the address: see reset-password.tsx. */
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'same-origin' });

export const loader = ({ request }: LoaderFunctionArgs) => {
  const params = new URL(request.url).searchParams;
  const invitation = invitationOf({ inviteCode: params.get('inviteCode'), email: params.get('email') });
  return invitation ? { step: 'register' as const, ...invitation } : { step: 'invalid' as const };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  await requireOrganization(request);
  const values = formValues(await request.formData(), ['inviteCode', 'email', 'password', 'acceptTerms'] as const);
  const invitation = invitationOf(values);
  if (!invitation) return respond({ step: 'invalid' });
  const fieldErrors = validateStaffRegistration(values);
  if (hasErrors(fieldErrors)) return respond({ step: 'register', fieldErrors });
  try {
    await callApi('/v1/users/register', {
      method: 'POST',
      body: { ...invitation, password: text(values.password), termsVersion: TERMS_VERSION },
    });
    return respond({ step: 'done' });
  } catch (error) {
    return respond({ step: 'register', formError: withoutFieldPrefix(formErrorMessage(error), 'password') });
  }
};

export default function StaffRegister() {
  const view = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const step = state?.step ?? view.step;

  if (step === 'done') {
    return (
      <AuthMessage title="Welcome to the team" tone="success">
        {TEXTS.done}
      </AuthMessage>
    );
  }
  if (step === 'register' && view.step === 'register') {
    return (
      <AuthScreen title="Accept your invitation" subtitle="Choose a password for your staff account.">
        <RegisterForm email={view.email} inviteCode={view.inviteCode} state={state?.step === 'register' ? state : undefined} />
      </AuthScreen>
    );
  }
  return (
    <AuthScreen title="Accept your invitation">
      <Typography level="body-md">{TEXTS.invalidLink}</Typography>
    </AuthScreen>
  );
}

function RegisterForm({ email, inviteCode, state }: { email: string; inviteCode: string; state?: Extract<StaffRegisterState, { step: 'register' }> }) {
  const { register, formState: { errors }, formRef, onSubmit, busy } = useRouteForm<StaffRegisterValues>(validateStaffRegistration);
  // value="on" as on /register, so a posted form reads like a browser's default.
  const problem = (field: keyof StaffRegisterValues) => errors[field]?.message ?? state?.fieldErrors?.[field];

  return (
    <Form method="post" ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap={2}>
        <input type="hidden" name="inviteCode" value={inviteCode} />
        <FormControl>
          <FormLabel>Email</FormLabel>
          <Input name="email" value={email} readOnly type="email" />
        </FormControl>
        <NewAccountPassword field={register('password')} problem={problem('password')} autoFocus />
        <TermsAgreement field={register('acceptTerms')} problem={problem('acceptTerms')} />
        <Button type="submit" loading={busy}>
          Create account
        </Button>
        <FormError message={state?.formError} />
      </Stack>
    </Form>
  );
}
