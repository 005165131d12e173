import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Button from '../../components/Button';
import Divider from '@mui/joy/Divider';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import type { PortalLanguage } from '@carelane/automation';
import { useTranslation } from '../../i18n/I18nProvider';
import { callApi, ApiError } from '../../api.server';
import { formErrorIn, unknownErrorIn } from '../../i18n/form-error.server';
import { requestTexts } from '../../i18n/request-texts.server';
import { AuthScreen, FormError } from '../../components/AuthScreen';
import { useRouteForm } from '../../route-form';
import { useHydrated } from '../../components/useHydrated';
import type { PortalOrganization } from '../../organization';
import { requireOrganization } from '../../organization.server';
import { PORTAL_SECOND_FACTOR, rememberedDevice } from '../../portal/second-factor.server';
import { beginCodeStep } from '../../second-factor.server';
import { requireSignedOut, startSession, type Enduser } from '../../session.server';
import {
  formValues,
  hasErrors,
  parseIdentifier,
  validateIdentifier,
  validatePassword,
  type FieldErrors,
  type IdentifierValues,
  type PasswordValues,
  type ValidationMessages,
} from '../../validation';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/**
 * What the login action answers; the page shows the step it names. Step 1 (identify) asks for an
 * email or phone; the server's answer to begin-enduser-login-flow picks step 2: a password form, or a
 * notice that a login link was sent by email or by text (docs/contract/portal.md#login).
 */
type LoginState =
  | { step: 'identify'; identifier: string; fieldErrors?: FieldErrors<'identifier'>; formError?: string }
  | { step: 'password'; email?: string; phone?: string; fieldErrors?: FieldErrors<'password'>; formError?: string }
  | { step: 'sent-email' }
  | { step: 'sent-sms' };

/**
 * Failed steps answer with status 200: the page itself is fine and shows the problem under the
 * form, and a 4xx here would only add a network error to the browser's console.
 */
const respond = (state: LoginState) => data(state);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const tenantOf = (organization: PortalOrganization) => ({ businessId: organization.businessId, organizationIds: organization.organizationIds });

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireSignedOut(request);
  return { texts: await screenTexts(request, ['auth', 'validation']) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  await requireSignedOut(request);
  const organization = await requireOrganization(request);
  const form = await request.formData();
  // Messages in the visitor's language: the rules' and the api's known answers (i18n/form-error.server.ts).
  const { language, validation } = await requestTexts(request);
  return form.get('intent') === 'password' ? logIn(request, organization, form, language, validation) : beginLogin(organization, form, language, validation);
};

const beginLogin = async (organization: PortalOrganization, form: FormData, language: PortalLanguage, messages: ValidationMessages) => {
  const values = formValues(form, ['identifier'] as const);
  const identifier = text(values.identifier);
  const fieldErrors = validateIdentifier(values, messages);
  const parsed = parseIdentifier(identifier);
  if (hasErrors(fieldErrors) || !parsed) return respond({ step: 'identify', identifier, fieldErrors });
  try {
    const answer = await callApi<{ result?: string; email?: string }>('/v1/begin-enduser-login-flow', {
      method: 'POST',
      body: { ...tenantOf(organization), ...parsed },
    });
    switch (answer.result) {
      case 'continue-with-password': {
        const email = typeof answer.email === 'string' && answer.email ? answer.email : 'email' in parsed ? parsed.email : undefined;
        return respond(email ? { step: 'password', email } : { step: 'password', phone: 'phone' in parsed ? parsed.phone : undefined });
      }
      case 'sent-email':
        return respond({ step: 'sent-email' });
      case 'sent-sms':
        return respond({ step: 'sent-sms' });
      default:
        console.error('Unexpected answer from begin-enduser-login-flow', answer);
        return respond({ step: 'identify', identifier, formError: unknownErrorIn(language) });
    }
  } catch (error) {
    return respond({ step: 'identify', identifier, formError: formErrorIn(error, language) });
  }
};

const logIn = async (request: Request, organization: PortalOrganization, form: FormData, language: PortalLanguage, messages: ValidationMessages) => {
  const values = formValues(form, ['email', 'phone', 'password'] as const);
  const parsed = parseIdentifier(text(values.email) || text(values.phone));
  // Without a usable identifier the password step cannot continue: start again.
  if (!parsed) return respond({ step: 'identify', identifier: '', fieldErrors: validateIdentifier({ identifier: '' }, messages) });
  const identity = 'email' in parsed ? { email: parsed.email } : { phone: parsed.phone };
  const fieldErrors = validatePassword(values, messages);
  if (hasErrors(fieldErrors)) return respond({ step: 'password', ...identity, fieldErrors });
  try {
    const mfaDeviceToken = await rememberedDevice(request);
    const session = await callApi<{ authToken: string; enduser: Enduser & { requiresMFA?: boolean } }>('/v1/login-enduser', {
      method: 'POST',
      body: { ...tenantOf(organization), ...parsed, password: text(values.password), ...(mfaDeviceToken ? { mfaDeviceToken } : {}) },
    });
    if (!session?.authToken || !session.enduser) throw new ApiError(502, 'The login answer has no session');
    // The password was a first factor only: the code step follows (docs/contract/access.md#second-factor).
    if (session.enduser.requiresMFA === true) return beginCodeStep(PORTAL_SECOND_FACTOR, request, session.authToken);
    return startSession(request, organization, session);
  } catch (error) {
    return respond({ step: 'password', ...identity, formError: formErrorIn(error, language) });
  }
};

export default function Login() {
  const state = useActionData<typeof action>();
  const { t } = useTranslation('auth');
  return (
    <AuthScreen screen="login">
      {!state || state.step === 'identify' ? (
        <IdentifierStep state={state} />
      ) : state.step === 'password' ? (
        <PasswordStep state={state} />
      ) : (
        <LinkSent channel={state.step === 'sent-email' ? 'email' : 'sms'} />
      )}
      <Divider />
      <Button component={RemixLink} to="/register" variant="outlined" color="neutral">
        {t('signUp')}
      </Button>
    </AuthScreen>
  );
}


/** Step 1: email or phone. Continue stays disabled while the field is empty (once scripts run). */
function IdentifierStep({ state }: { state?: Extract<LoginState, { step: 'identify' }> }) {
  const hydrated = useHydrated();
  const { t } = useTranslation('auth');
  const { register, watch, formState: { errors }, formRef, onSubmit, busy } = useRouteForm<IdentifierValues>(validateIdentifier);
  const { ref, ...identifierField } = register('identifier');
  // No react-hook-form default value: the field keeps anything typed before hydration.
  const empty = !text(watch('identifier')).trim();
  const fieldError = errors.identifier?.message ?? state?.fieldErrors?.identifier;

  return (
    <Form method="post" ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap={2}>
        <input type="hidden" name="intent" value="identify" />
        <FormControl error={!!fieldError}>
          <FormLabel>{t('emailOrPhone')}</FormLabel>
          <Input
            {...identifierField}
            defaultValue={state?.identifier}
            type="text"
            autoComplete="username"
            autoFocus
            slotProps={{ input: { ref } }}
          />
          {fieldError && <FormHelperText>{fieldError}</FormHelperText>}
        </FormControl>
        <Button type="submit" disabled={hydrated && empty} loading={busy}>
          {t('continue')}
        </Button>
        <FormError message={state?.formError} />
        <Button component={RemixLink} to="/" variant="plain" color="neutral">
          {t('goBack')}
        </Button>
      </Stack>
    </Form>
  );
}

/** Step 2 for 'continue-with-password': the identifier, locked, and the password. */
function PasswordStep({ state }: { state: Extract<LoginState, { step: 'password' }> }) {
  const { t } = useTranslation('auth');
  const { register, formState: { errors }, formRef, onSubmit, busy } = useRouteForm<PasswordValues>(validatePassword);
  const { ref, ...passwordField } = register('password');
  const fieldError = errors.password?.message ?? state.fieldErrors?.password;
  const identity = state.email !== undefined ? { name: 'email', label: t('email'), value: state.email } : { name: 'phone', label: t('phone'), value: state.phone ?? '' };

  return (
    <Form method="post" ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap={2}>
        <input type="hidden" name="intent" value="password" />
        <FormControl>
          <FormLabel>{identity.label}</FormLabel>
          <Input name={identity.name} defaultValue={identity.value} readOnly variant="soft" color="neutral" autoComplete="username" />
        </FormControl>
        <FormControl error={!!fieldError}>
          <FormLabel>{t('password')}</FormLabel>
          <Input {...passwordField} type="password" autoComplete="current-password" autoFocus slotProps={{ input: { ref } }} />
          {fieldError && <FormHelperText>{fieldError}</FormHelperText>}
        </FormControl>
        {/* The reset request step (docs/contract/portal.md#reset-password) lives on the reset page; see docs/decisions.md. */}
        <Link component={RemixLink} to="/reset-password?request=1" level="body-sm" sx={{ alignSelf: 'flex-end' }}>
          {t('forgotPassword')}
        </Link>
        <Button type="submit" loading={busy}>
          {t('logIn')}
        </Button>
        <FormError message={state.formError} />
        <Button component={RemixLink} to="/login" variant="plain" color="neutral">
          {t('goBack')}
        </Button>
      </Stack>
    </Form>
  );
}

/** Step 2 for 'sent-email' and 'sent-sms'. */
function LinkSent({ channel }: { channel: 'email' | 'sms' }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap={2}>
      <Alert color="success" role="status">
        {t(channel === 'email' ? 'linkSentEmail' : 'linkSentSms')}
      </Alert>
      <Button component={RemixLink} to="/login" variant="plain" color="neutral">
        {t('goBack')}
      </Button>
    </Stack>
  );
}
