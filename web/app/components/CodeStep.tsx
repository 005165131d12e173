import { Form, Link as RemixLink, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Button from './Button';
import { FormError } from './AuthScreen';
import { useTranslation } from '../i18n/I18nProvider';

/** What the code page shows after a try or a resend. */
export interface CodeStepState {
  fieldError?: string;
  formError?: string;
  resent?: boolean;
}

/**
 * The code step of a sign-in (docs/contract/access.md#second-factor): where the code went, the code,
 * for patients "Remember this device for 30 days", a button to send a new code, and a way back.
 */
export function CodeStep({
  channel,
  state,
  rememberDevice,
  recoveryHint,
  backTo,
}: {
  channel: 'email' | 'sms';
  state?: CodeStepState;
  rememberDevice?: boolean;
  recoveryHint?: boolean;
  backTo: string;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get('intent');
  const { t } = useTranslation('auth');
  const sms = channel === 'sms';
  return (
    <Stack gap={2}>
      <Alert color={state?.resent ? 'success' : 'neutral'} variant="soft" role="status">
        {state?.resent ? t(sms ? 'codeResentSms' : 'codeResentEmail') : t(sms ? 'codeSentSms' : 'codeSentEmail')}
      </Alert>
      <Form method="post" noValidate>
        <Stack gap={2}>
          <input type="hidden" name="intent" value="verify" />
          <FormControl error={!!state?.fieldError || !!state?.formError}>
            <FormLabel>{t('code')}</FormLabel>
            <Input name="code" inputMode={recoveryHint ? 'text' : 'numeric'} autoComplete="one-time-code" autoFocus />
            {state?.fieldError ? (
              <FormHelperText>{state.fieldError}</FormHelperText>
            ) : (
              recoveryHint && <FormHelperText>{t('codeRecoveryHint')}</FormHelperText>
            )}
          </FormControl>
          {rememberDevice && <Checkbox name="rememberDevice" value="yes" label={t('rememberDevice')} />}
          <Button type="submit" loading={navigation.state !== 'idle' && intent === 'verify'}>
            {t('verify')}
          </Button>
          <FormError message={state?.formError} />
        </Stack>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="resend" />
        <Stack gap={1}>
          <Button type="submit" variant="outlined" color="neutral" loading={navigation.state !== 'idle' && intent === 'resend'} sx={{ width: '100%' }}>
            {t('sendNewCode')}
          </Button>
          <Button component={RemixLink} to={backTo} variant="plain" color="neutral">
            {t('goBack')}
          </Button>
        </Stack>
      </Form>
    </Stack>
  );
}
