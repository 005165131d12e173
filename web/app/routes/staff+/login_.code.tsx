import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ApiError, callApi, formErrorMessage } from '../../api.server';
import { AuthScreen } from '../../components/AuthScreen';
import { CodeStep, type CodeStepState } from '../../components/CodeStep';
import { requireOrganization } from '../../organization.server';
import { CODE_REQUIRED, forgetPendingSignIn, pendingSignIn, requestCode, typedCode } from '../../second-factor.server';
import { STAFF_SECOND_FACTOR } from '../../staff/second-factor.server';
import { requireStaffSignedOut, safeStaffRedirect, STAFF_LOGIN_PATH, startStaffSession } from '../../staff/session.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Enter your code' }];

/** Without a sign-in waiting for its code (none, or its half hour passed), the visitor starts at the password again. */
const requirePending = async (request: Request) => {
  const pending = await pendingSignIn(STAFF_SECOND_FACTOR.storage, request);
  if (!pending) throw redirect(STAFF_LOGIN_PATH, { headers: { 'Set-Cookie': await forgetPendingSignIn(STAFF_SECOND_FACTOR.storage, request) } });
  return pending;
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireStaffSignedOut(request);
  const pending = await requirePending(request);
  return { channel: pending.channel };
};

/** Verify: the code (or a recovery code) through submit-mfa-challenge; resend: a new challenge. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const organization = await requireOrganization(request);
  const pending = await requirePending(request);
  const form = await request.formData();
  try {
    if (form.get('intent') === 'resend') {
      await requestCode(STAFF_SECOND_FACTOR, pending.authToken);
      return data<CodeStepState>({ resent: true });
    }
    const code = typedCode(form);
    if (!code) return data<CodeStepState>({ fieldError: CODE_REQUIRED });
    const answer = await callApi<{ authToken: string; user: Record<string, unknown> }>(STAFF_SECOND_FACTOR.submitPath, { method: 'POST', authToken: pending.authToken, body: { code } });
    if (answer.user?.businessId !== organization.businessId) throw redirect(STAFF_LOGIN_PATH);
    const response = await startStaffSession(request, answer.authToken, answer.user, safeStaffRedirect(request, pending.redirectTo));
    response.headers.append('Set-Cookie', await forgetPendingSignIn(STAFF_SECOND_FACTOR.storage, request));
    return response;
  } catch (error) {
    // The waiting token ran out: sign in again.
    if (error instanceof ApiError && error.unauthenticated) throw redirect(STAFF_LOGIN_PATH, { headers: { 'Set-Cookie': await forgetPendingSignIn(STAFF_SECOND_FACTOR.storage, request) } });
    if (error instanceof Response) throw error;
    return data<CodeStepState>({ formError: formErrorMessage(error) });
  }
};

export default function StaffLoginCode() {
  const { channel } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as CodeStepState | undefined;
  return (
    <AuthScreen title="Enter your code" subtitle="One more step to sign in to the staff console.">
      <CodeStep channel={channel} state={state} recoveryHint backTo="/staff/login" />
    </AuthScreen>
  );
}
