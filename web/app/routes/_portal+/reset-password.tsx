import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Button from '../../components/Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { PortalLanguage } from '@carelane/automation';
import { useTranslation } from '../../i18n/I18nProvider';
import { callApi, formErrorMessage } from '../../api.server';
import { apiMessageIn, formErrorIn } from '../../i18n/form-error.server';
import { requestTexts } from '../../i18n/request-texts.server';
import { AuthScreen } from '../../components/AuthScreen';
import { NewPasswordForm, withoutFieldPrefix } from '../../components/NewPasswordForm';
import { useRouteForm } from '../../route-form';
import type { PortalOrganization } from '../../organization';
import { requireOrganization } from '../../organization.server';
import { requireSignedOut } from '../../session.server';
import {
  formValues,
  hasErrors,
  linkToken,
  validateResetPassword,
  validateResetRequest,
  type FieldErrors,
  type ResetPasswordValues,
  type ResetRequestValues,
  type ValidationMessages,
} from '../../validation';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** The query parameter of the API's mailed reset links (PORTAL_URL/reset-password?resetToken=…). */
const TOKEN_PARAM = 'resetToken';
/** The request step's address: the login page's 'Forgot your password?' link leads here (docs/decisions.md). */
const REQUEST_RESET_PATH = '/reset-password?request=1';

/**
 * What the page shows: the request step (an email, then the 'check your email' notice), the reset
 * form for a mailed link's token, or the invalid-link text for a link without one.
 */
type ResetState =
  | { step: 'request'; email: string; fieldErrors?: FieldErrors<keyof ResetRequestValues>; formError?: string }
  | { step: 'requested' }
  | { step: 'reset'; fieldErrors?: FieldErrors<keyof ResetPasswordValues>; formError?: string }
  | { step: 'invalid' };

/** Failures answer 200 with the problem for the form (see login.tsx). */
const respond = (state: ResetState) => data(state);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The token is in the address: no other site (an organization's logo host) is told it. Not
 * 'no-referrer': a form post would then carry `Origin: null`, which Remix refuses as a CSRF attempt.
 */
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'same-origin' });

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireSignedOut(request);
  const params = new URL(request.url).searchParams;
  const resetToken = linkToken(params.get(TOKEN_PARAM));
  const texts = await screenTexts(request, ['auth', 'validation']);
  if (resetToken) return { texts, step: 'reset' as const, resetToken };
  return params.has('request') ? { texts, step: 'request' as const } : { texts, step: 'invalid' as const };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  await requireSignedOut(request);
  const organization = await requireOrganization(request);
  const form = await request.formData();
  const { language, validation } = await requestTexts(request);
  return form.get('intent') === 'reset' ? resetPassword(organization, form, language, validation) : requestReset(organization, form, language, validation);
};

/** The request step: request-enduser-password-reset answers the same whether or not the email has an account. */
const requestReset = async (organization: PortalOrganization, form: FormData, language: PortalLanguage, messages: ValidationMessages) => {
  const values = formValues(form, ['email'] as const);
  const email = text(values.email).trim();
  const fieldErrors = validateResetRequest(values, messages);
  if (hasErrors(fieldErrors)) return respond({ step: 'request', email, fieldErrors });
  try {
    await callApi('/v1/request-enduser-password-reset', {
      method: 'POST',
      body: { email: email.toLowerCase(), businessId: organization.businessId },
    });
    return respond({ step: 'requested' });
  } catch (error) {
    return respond({ step: 'request', email, formError: formErrorIn(error, language) });
  }
};

/** The reset form: the same rule as the browser, then reset-enduser-password, then the login page. */
const resetPassword = async (organization: PortalOrganization, form: FormData, language: PortalLanguage, messages: ValidationMessages) => {
  const values = formValues(form, ['resetToken', 'newPassword'] as const);
  const resetToken = linkToken(values.resetToken);
  if (!resetToken) return respond({ step: 'invalid' });
  const fieldErrors = validateResetPassword(values, messages);
  if (hasErrors(fieldErrors)) return respond({ step: 'reset', fieldErrors });
  try {
    await callApi('/v1/reset-enduser-password', {
      method: 'POST',
      body: { resetToken, newPassword: text(values.newPassword), businessId: organization.businessId },
    });
  } catch (error) {
    return respond({ step: 'reset', formError: apiMessageIn(withoutFieldPrefix(formErrorMessage(error), 'newPassword'), language) });
  }
  return redirect('/login');
};

export default function ResetPassword() {
  const view = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const step = state?.step ?? view.step;
  const resetToken = view.step === 'reset' ? view.resetToken : undefined;
  const { t } = useTranslation('auth');

  if (step === 'request' || step === 'requested') {
    return (
      <AuthScreen title={t('resetTitle')} subtitle={t('resetRequestSubtitle')}>
        {state?.step === 'requested' ? <Requested /> : <RequestStep state={state?.step === 'request' ? state : undefined} />}
      </AuthScreen>
    );
  }
  if (step === 'reset' && resetToken) {
    return (
      <AuthScreen title={t('resetTitle')} subtitle={t('resetSubtitle')}>
        <ResetStep resetToken={resetToken} state={state?.step === 'reset' ? state : undefined} />
      </AuthScreen>
    );
  }
  return (
    <AuthScreen title={t('resetTitle')}>
      <Typography level="body-md">{t('resetInvalidLink')}</Typography>
      <Button component={RemixLink} to={REQUEST_RESET_PATH} variant="outlined" color="neutral">
        {t('requestNewLink')}
      </Button>
      <BackToLogin />
    </AuthScreen>
  );
}


function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Button component={RemixLink} to="/login" variant="plain" color="neutral">
      {t('backToLogin')}
    </Button>
  );
}

/** Request step: an email; a failure shows in red under the field. */
function RequestStep({ state }: { state?: Extract<ResetState, { step: 'request' }> }) {
  const { t } = useTranslation('auth');
  const { register, formState: { errors }, formRef, onSubmit, busy } = useRouteForm<ResetRequestValues>(validateResetRequest);
  const { ref, ...emailField } = register('email');
  const problem = errors.email?.message ?? state?.fieldErrors?.email ?? state?.formError;

  return (
    <Form method="post" ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap={2}>
        <input type="hidden" name="intent" value="request" />
        <FormControl error={!!problem}>
          <FormLabel>{t('email')}</FormLabel>
          <Input {...emailField} defaultValue={state?.email} type="email" autoComplete="email" autoFocus slotProps={{ input: { ref } }} />
          {problem && <FormHelperText role="alert">{problem}</FormHelperText>}
        </FormControl>
        <Button type="submit" loading={busy}>
          {t('sendResetLink')}
        </Button>
        <BackToLogin />
      </Stack>
    </Form>
  );
}

function Requested() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap={2}>
      <Alert color="success" role="status">
        {t('resetRequested')}
      </Alert>
      <BackToLogin />
    </Stack>
  );
}

/** The mailed link's page: the shared new-password form (see NewPasswordForm). */
function ResetStep({ resetToken, state }: { resetToken: string; state?: Extract<ResetState, { step: 'reset' }> }) {
  return (
    <NewPasswordForm hidden={{ intent: 'reset', resetToken }} fieldError={state?.fieldErrors?.newPassword} formError={state?.formError}>
      <BackToLogin />
    </NewPasswordForm>
  );
}
