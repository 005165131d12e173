import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ApiError, callApi, formErrorMessage } from '../../api.server';
import { AuthScreen } from '../../components/AuthScreen';
import { CodeStep, type CodeStepState } from '../../components/CodeStep';
import { requireOrganization } from '../../organization.server';
import { PORTAL_SECOND_FACTOR, rememberThisDevice } from '../../portal/second-factor.server';
import { CODE_REQUIRED, forgetPendingSignIn, requestCode, requirePendingSignIn, restartSignIn, typedCode } from '../../second-factor.server';
import { requireSignedOut, startSession, type Enduser } from '../../session.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Enter your code' }];

const LOGIN = '/login';

const requirePending = (request: Request) => requirePendingSignIn(PORTAL_SECOND_FACTOR.storage, request, LOGIN);

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireSignedOut(request);
  const pending = await requirePending(request);
  return { channel: pending.channel };
};

/** Verify: the code through submit-mfa-challenge (and the device remembered when asked); resend: a new code. */
export const action = async ({ request }: ActionFunctionArgs) => {
  await requireSignedOut(request);
  const organization = await requireOrganization(request);
  const pending = await requirePending(request);
  const form = await request.formData();
  try {
    if (form.get('intent') === 'resend') {
      await requestCode(PORTAL_SECOND_FACTOR, pending.authToken);
      return data<CodeStepState>({ resent: true });
    }
    const code = typedCode(form);
    if (!code) return data<CodeStepState>({ fieldError: CODE_REQUIRED });
    const remember = form.get('rememberDevice') === 'yes';
    const answer = await callApi<{ authToken: string; enduser: Enduser; deviceToken?: string }>(PORTAL_SECOND_FACTOR.submitPath, {
      method: 'POST',
      authToken: pending.authToken,
      body: { code, rememberDevice: remember },
    });
    const response = await startSession(request, organization, answer, pending.redirectTo);
    response.headers.append('Set-Cookie', await forgetPendingSignIn(PORTAL_SECOND_FACTOR.storage, request));
    if (remember && answer.deviceToken) response.headers.append('Set-Cookie', await rememberThisDevice(answer.deviceToken));
    return response;
  } catch (error) {
    // The waiting token ran out: sign in again.
    if (error instanceof ApiError && error.unauthenticated) throw await restartSignIn(PORTAL_SECOND_FACTOR.storage, request, LOGIN);
    return data<CodeStepState>({ formError: formErrorMessage(error) });
  }
};

export default function PortalLoginCode() {
  const { channel } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as CodeStepState | undefined;
  return (
    <AuthScreen title="Enter your code" subtitle="One more step to log in to your account.">
      <CodeStep channel={channel} state={state} rememberDevice backTo={LOGIN} />
    </AuthScreen>
  );
}
