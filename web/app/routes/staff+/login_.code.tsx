import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ApiError, callApi, formErrorMessage } from '../../api.server';
import { AuthScreen } from '../../components/AuthScreen';
import { CodeStep, type CodeStepState } from '../../components/CodeStep';
import { requireOrganization } from '../../organization.server';
import { CODE_REQUIRED, forgetPendingSignIn, requestCode, requirePendingSignIn, restartSignIn, typedCode } from '../../second-factor.server';
import { STAFF_SECOND_FACTOR } from '../../staff/second-factor.server';
import { requireStaffSignedOut, safeStaffRedirect, STAFF_LOGIN_PATH, startStaffSession } from '../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Enter your code' }];

const requirePending = (request: Request) => requirePendingSignIn(STAFF_SECOND_FACTOR.storage, request, STAFF_LOGIN_PATH);

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
    if (error instanceof ApiError && error.unauthenticated) throw await restartSignIn(STAFF_SECOND_FACTOR.storage, request, STAFF_LOGIN_PATH);
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
