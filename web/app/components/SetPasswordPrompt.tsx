import { Form } from '@remix-run/react';
import Button from './Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import { useRouteForm, useValidationMessages } from '../route-form';
import { useHydrated } from './useHydrated';
import type { SetPasswordState } from '../profile.server';
import { setPasswordProblem, validateSetPassword, type SetPasswordValues } from '../validation';
import { FormError } from './AuthScreen';

/** docs/contract/portal.md#settings: where a dismissal is remembered, as the date it happened. */
export const HIDE_SET_PASSWORD_PROMPT_KEY = 'hide_set_password_prompt';

const readDismissal = () => {
  try {
    return !!window.localStorage.getItem(HIDE_SET_PASSWORD_PROMPT_KEY);
  } catch {
    // Storage can be blocked (private modes, policies): the prompt then simply shows.
    return false;
  }
};

const rememberDismissal = () => {
  try {
    window.localStorage.setItem(HIDE_SET_PASSWORD_PROMPT_KEY, new Date().toISOString());
  } catch {
    // Not remembered: it is hidden until the next page load.
  }
};

/**
 * The set-password prompt (docs/contract/portal.md#settings), shown by the page while the enduser has no password. Once
 * scripts run it is hidden if it was dismissed before in this browser, can be dismissed, shows the
 * rule's problem under the field as the password is typed and keeps Save disabled while the
 * password breaks it. Without scripts it simply shows, and the action checks the same rule.
 */
export function SetPasswordPrompt({ state }: { state?: SetPasswordState }) {
  const hydrated = useHydrated();
  const { t } = useTranslation('settings');
  const messages = useValidationMessages();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(readDismissal()), []);
  const { register, watch, formState: { errors }, formRef, onSubmit, busy } = useRouteForm<SetPasswordValues>(validateSetPassword);
  const { ref, ...passwordField } = register('password');
  const password = watch('password') ?? '';
  const liveProblem = hydrated && password ? setPasswordProblem(password, messages) : undefined;
  const fieldError = liveProblem ?? errors.password?.message ?? state?.fieldErrors?.password;

  if (dismissed) return null;
  return (
    <Sheet variant="soft" color="primary" component="section" aria-labelledby="set-password-title" sx={{ p: 2.5, borderRadius: 'md' }}>
      <Form method="post" ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap={1.5}>
          <input type="hidden" name="intent" value="password" />
          <Typography id="set-password-title" level="title-lg" component="h2">
            {t('setPasswordTitle')}
          </Typography>
          <Typography level="body-md">{t('setPasswordDescription')}</Typography>
          <FormControl error={!!fieldError}>
            <FormLabel>{t('newPassword')}</FormLabel>
            <Input {...passwordField} type="password" autoComplete="new-password" slotProps={{ input: { ref } }} />
            <FormHelperText>{fieldError ?? t('setPasswordHint')}</FormHelperText>
          </FormControl>
          <Stack direction="row" gap={1}>
            <Button type="submit" loading={busy} disabled={hydrated && !!setPasswordProblem(password, messages)}>
              {t('save')}
            </Button>
            {/* Dismissal is remembered in the browser, so it needs scripts. */}
            {hydrated && (
              <Button
                type="button"
                variant="plain"
                color="neutral"
                onClick={() => {
                  rememberDismissal();
                  setDismissed(true);
                }}
              >
                {t('dismiss')}
              </Button>
            )}
          </Stack>
          <FormError message={state?.formError} />
        </Stack>
      </Form>
    </Sheet>
  );
}
