import { Form } from '@remix-run/react';
import Button from './Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import { useState, type ReactNode } from 'react';
import { useRouteForm } from '../route-form';
import { useHydrated } from './useHydrated';
import { PASSWORD_MIN, validateResetPassword, type ResetPasswordValues } from '../validation';
import { FormError } from './AuthScreen';
import { useTranslation } from '../i18n/I18nProvider';

/**
 * The API prefixes a refused field with 'Error parsing field <field>: '; the pages show the rule alone
 * (docs/contract/portal.md#reset-password).
 */
export const withoutFieldPrefix = (message: string, field: string) => {
  const prefix = `Error parsing field ${field}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
};

/**
 * The form of a mailed reset link (enduser and staff): a new password with a show/hide toggle, posted
 * with `hidden` (the link's token ...) to the route action. Reset stays disabled (once scripts run)
 * while the password is shorter than 8 characters; the action checks the same. `children` follow the
 * form's error message.
 */
export function NewPasswordForm({
  hidden,
  fieldError: serverFieldError,
  formError,
  children,
}: {
  hidden: Record<string, string>;
  fieldError?: string;
  formError?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const { register, watch, formState: { errors }, formRef, onSubmit, busy } = useRouteForm<ResetPasswordValues>(validateResetPassword);
  const { ref, ...passwordField } = register('newPassword');
  const password = watch('newPassword');
  const tooShort = (typeof password === 'string' ? password : '').length < PASSWORD_MIN;
  const fieldError = errors.newPassword?.message ?? serverFieldError;

  return (
    <Form method="post" ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap={2}>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormControl error={!!fieldError}>
          <FormLabel>{t('newPassword')}</FormLabel>
          <Input
            {...passwordField}
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            autoFocus
            slotProps={{ input: { ref } }}
            endDecorator={
              <Button
                type="button"
                variant="plain"
                color="neutral"
                size="sm"
                disabled={!hydrated}
                aria-label={visible ? t('hidePassword') : t('showPassword')}
                onClick={() => setVisible((shown) => !shown)}
              >
                {visible ? t('hide') : t('show')}
              </Button>
            }
          />
          {fieldError && <FormHelperText>{fieldError}</FormHelperText>}
        </FormControl>
        <Button type="submit" disabled={hydrated && tooShort} loading={busy}>
          {t('reset')}
        </Button>
        <FormError message={formError} />
        {children}
      </Stack>
    </Form>
  );
}
