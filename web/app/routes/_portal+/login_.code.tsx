import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '../../i18n/I18nProvider';
import { ApiError, callApi } from '../../api.server';
import { formErrorIn } from '../../i18n/form-error.server';
import { requestTexts } from '../../i18n/request-texts.server';
import { AuthScreen } from '../../components/AuthScreen';
import { CodeStep, type CodeStepState } from '../../components/CodeStep';
import { requireOrganization } from '../../organization.server';
import { PORTAL_SECOND_FACTOR, rememberThisDevice } from '../../portal/second-factor.server';
import { forgetPendingSignIn, requestCode, requirePendingSignIn, restartSignIn, typedCode } from '../../second-factor.server';
import { requireSignedOut, startSession, type Enduser } from '../../session.server';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** The tab reads the page's own heading (the catalogue's, in the page's language). */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? '' }];

const LOGIN = '/login';

const requirePending = (request: Request) => requirePendingSignIn(PORTAL_SECOND_FACTOR.storage, request, LOGIN);

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireSignedOut(request);
  const pending = await requirePending(request);
  const { t } = await requestTexts(request);
  return { texts: await screenTexts(request, ['auth']), channel: pending.channel, title: t('codeTitle', { ns: 'auth' }) };
};

/** Verify: the code through submit-mfa-challenge (and the device remembered when asked); resend: a new code. */
export const action = async ({ request }: ActionFunctionArgs) => {
  await requireSignedOut(request);
  const organization = await requireOrganization(request);
  const pending = await requirePending(request);
  const form = await request.formData();
  const { language, t } = await requestTexts(request);
  try {
    if (form.get('intent') === 'resend') {
      await requestCode(PORTAL_SECOND_FACTOR, pending.authToken);
      return data<CodeStepState>({ resent: true });
    }
    const code = typedCode(form);
    if (!code) return data<CodeStepState>({ fieldError: t('codeRequired', { ns: 'auth' }) });
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
    return data<CodeStepState>({ formError: formErrorIn(error, language) });
  }
};

export default function PortalLoginCode() {
  const { channel } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as CodeStepState | undefined;
  const { t } = useTranslation('auth');
  return (
    <AuthScreen title={t('codeTitle')} subtitle={t('codeSubtitle')}>
      <CodeStep channel={channel} state={state} rememberDevice backTo={LOGIN} />
    </AuthScreen>
  );
}
