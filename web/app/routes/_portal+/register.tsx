import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData } from '@remix-run/react';
import Button from '../../components/Button';
import Checkbox from '@mui/joy/Checkbox';
import Divider from '@mui/joy/Divider';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import { useTranslation } from '../../i18n/I18nProvider';
import { ApiError, callApi } from '../../api.server';
import { formErrorIn } from '../../i18n/form-error.server';
import { requestTexts } from '../../i18n/request-texts.server';
import { NewAccountPassword, TermsAgreement } from '../../components/AccountFields';
import { AuthScreen, FormError } from '../../components/AuthScreen';
import { useOrganization } from '../../components/useOrganization';
import { useRouteForm } from '../../route-form';
import { requireOrganization } from '../../organization.server';
import { requireSignedOut, startSession, type Enduser } from '../../session.server';
import { formValues, hasErrors, isChecked, validateRegistration, type FieldErrors, type RegisterValues } from '../../validation';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** The version of the Terms of Service the enduser agrees to (docs/contract/portal.md#constants). */
const TERMS_VERSION = '1.0';

type RegisterState = { email: string; fieldErrors?: FieldErrors<keyof RegisterValues>; formError?: string };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireSignedOut(request);
  return { texts: await screenTexts(request, ['auth', 'validation']) };
};

/** Register (docs/contract/portal.md#register): the same rules as the form, then register-as-enduser, then the session. */
export const action = async ({ request }: ActionFunctionArgs) => {
  await requireSignedOut(request);
  const organization = await requireOrganization(request);
  const values = formValues(await request.formData(), ['email', 'password', 'acceptTerms', 'emailConsent'] as const);
  const email = text(values.email).trim();
  const { language, validation } = await requestTexts(request);
  const fieldErrors = validateRegistration(values, validation);
  // Failures answer 200 with the problem for the form (see login.tsx).
  if (hasErrors(fieldErrors)) return data<RegisterState>({ email, fieldErrors });
  try {
    const tenant = { businessId: organization.businessId, organizationIds: organization.organizationIds };
    // Registration answers alike for a new and a taken email (nobody learns who is a patient); the
    // session comes from signing in next (docs/contract/portal.md#register: register, then authenticate, then the session).
    await callApi('/v1/register-as-enduser', {
      method: 'POST',
      body: {
        ...tenant,
        email: email.toLowerCase(),
        password: text(values.password),
        emailConsent: isChecked(values.emailConsent),
        termsSigned: new Date().toISOString(),
        termsVersion: TERMS_VERSION,
      },
    });
    const session = await callApi<{ authToken: string; enduser: Enduser }>('/v1/login-enduser', {
      method: 'POST',
      body: { ...tenant, email: email.toLowerCase(), password: text(values.password) },
    });
    if (!session?.authToken || !session.enduser) throw new ApiError(502, 'The login answer has no session');
    return startSession(request, organization, session);
  } catch (error) {
    return data<RegisterState>({ email, formError: formErrorIn(error, language) });
  }
};


export default function Register() {
  const state = useActionData<typeof action>();
  const organization = useOrganization();
  const { t } = useTranslation('auth');
  const { register, formState: { errors }, formRef, onSubmit, busy } = useRouteForm<RegisterValues>(validateRegistration);
  const { ref: emailRef, ...emailField } = register('email');
  // Checkboxes carry value="on" (Joy renders value="" otherwise), so a posted form reads like a browser's default.
  const { ref: consentRef, ...consentField } = register('emailConsent');
  const problem = (field: keyof RegisterValues) => errors[field]?.message ?? state?.fieldErrors?.[field];

  return (
    <AuthScreen screen="register">
      <Form method="post" ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap={2}>
          <FormControl error={!!problem('email')}>
            <FormLabel>{t('email')}</FormLabel>
            <Input {...emailField} defaultValue={state?.email} type="email" autoComplete="email" autoFocus slotProps={{ input: { ref: emailRef } }} />
            {problem('email') && <FormHelperText>{problem('email')}</FormHelperText>}
          </FormControl>
          <NewAccountPassword field={register('password')} problem={problem('password')} />
          <TermsAgreement field={register('acceptTerms')} problem={problem('acceptTerms')} />
          <Checkbox {...consentField} value="on" slotProps={{ input: { ref: consentRef } }} label={t('emailConsent', { organization: organization.name })} />
          <Button type="submit" loading={busy}>
            {t('createAccount')}
          </Button>
          <FormError message={state?.formError} />
        </Stack>
      </Form>
      <Divider />
      <Button component={RemixLink} to="/login" variant="outlined" color="neutral">
        {t('logInToAccount')}
      </Button>
    </AuthScreen>
  );
}
