import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import Typography from '@mui/joy/Typography';
import { callApi, formErrorMessage } from '../../api.server';
import { AuthMessage, AuthScreen } from '../../components/AuthScreen';
import { NewPasswordForm, withoutFieldPrefix } from '../../components/NewPasswordForm';
import { requireOrganization } from '../../organization.server';
import { formValues, hasErrors, linkToken, validateResetPassword, type FieldErrors, type ResetPasswordValues } from '../../validation';

export { StaffErrorBoundary as ErrorBoundary } from '../../staff/StaffErrorBoundary';

/**
 * A staff member's mailed reset link (PORTAL_URL/staff/reset-password?resetToken=…, see
 * docs/decisions.md): the reset step of /reset-password for a staff account. There is no request
 * step (staff ask for a link through the API) and no enduser session is read or changed.
 */
const TEXTS = {
  invalidLink: 'This link is invalid or has expired',
  done: 'Your password has been reset. Sign in with your new password.',
} as const;

type StaffResetState =
  | { step: 'reset'; fieldErrors?: FieldErrors<keyof ResetPasswordValues>; formError?: string }
  | { step: 'done' }
  | { step: 'invalid' };

/** Failures answer 200 with the problem for the form (see login.tsx). */
const respond = (state: StaffResetState) => data(state);

/** The token is in the address: see reset-password.tsx. */
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'same-origin' });

export const loader = ({ request }: LoaderFunctionArgs) => {
  const resetToken = linkToken(new URL(request.url).searchParams.get('resetToken'));
  return resetToken ? { step: 'reset' as const, resetToken } : { step: 'invalid' as const };
};

/** The same rule as the browser, then reset-password (the staff call), then the notice. */
export const action = async ({ request }: ActionFunctionArgs) => {
  await requireOrganization(request);
  const values = formValues(await request.formData(), ['resetToken', 'newPassword'] as const);
  const resetToken = linkToken(values.resetToken);
  if (!resetToken) return respond({ step: 'invalid' });
  const fieldErrors = validateResetPassword(values);
  if (hasErrors(fieldErrors)) return respond({ step: 'reset', fieldErrors });
  try {
    await callApi('/v1/reset-password', { method: 'POST', body: { resetToken, newPassword: values.newPassword } });
    return respond({ step: 'done' });
  } catch (error) {
    return respond({ step: 'reset', formError: withoutFieldPrefix(formErrorMessage(error), 'newPassword') });
  }
};

export default function StaffResetPassword() {
  const view = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const step = state?.step ?? view.step;

  if (step === 'done') {
    return (
      <AuthMessage title="Reset your password" tone="success">
        {TEXTS.done}
      </AuthMessage>
    );
  }
  if (step === 'reset' && view.step === 'reset') {
    const problem = state?.step === 'reset' ? state : undefined;
    return (
      <AuthScreen title="Reset your password" subtitle="Choose a new password for your staff account.">
        <NewPasswordForm hidden={{ resetToken: view.resetToken }} fieldError={problem?.fieldErrors?.newPassword} formError={problem?.formError} />
      </AuthScreen>
    );
  }
  return (
    <AuthScreen title="Reset your password">
      <Typography level="body-md">{TEXTS.invalidLink}</Typography>
    </AuthScreen>
  );
}
