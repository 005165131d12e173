import { Form } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Button from './Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../i18n/I18nProvider';
import { useRouteForm } from '../route-form';
import type { ProfileState } from '../profile.server';
import { validateProfile, type ProfileValues } from '../validation';

/** Where a failed save points: log out, then log in again (docs/contract/portal.md#settings, #errors). */
export function ProfileError({ message }: { message?: string }) {
  const { t } = useTranslation('settings');
  if (!message) return null;
  return (
    <Typography role="alert" level="body-sm" color="danger">
      {message}{' '}
      {/* A document navigation, so nothing of the signed-in session stays in the page. */}
      <Link href="/logout" color="danger" underline="always">
        {t('logOut')}
      </Link>{' '}
      {t('logOutToRetry')}
    </Typography>
  );
}

/**
 * The profile form (first name, last name, email, phone) of /onboarding and /settings, checked in the
 * browser with the rules the route action applies again. `onboarding` mode is the profile-completion
 * screen's: its fields start empty where the enduser has nothing yet, and `redirectTo` is where it
 * continues once saved.
 */
export function ProfileForm({
  mode,
  defaults,
  state,
  redirectTo,
}: {
  mode: 'onboarding' | 'settings';
  defaults: ProfileValues;
  state?: ProfileState;
  redirectTo?: string;
}) {
  const { t } = useTranslation('settings');
  const { register, formState: { errors }, formRef, onSubmit, busy } = useRouteForm<ProfileValues>(validateProfile);
  const shown = state?.values ?? defaults;
  const problem = (field: keyof ProfileValues) => errors[field]?.message ?? state?.fieldErrors?.[field];
  const field = (name: keyof ProfileValues, label: string, props: { type: string; autoComplete: string; autoFocus?: boolean }) => {
    const { ref, ...registered } = register(name);
    return (
      <FormControl error={!!problem(name)}>
        <FormLabel>{label}</FormLabel>
        <Input {...registered} {...props} defaultValue={shown[name]} slotProps={{ input: { ref } }} />
        {problem(name) && <FormHelperText>{problem(name)}</FormHelperText>}
      </FormControl>
    );
  };

  return (
    <Form method="post" ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap={2}>
        <input type="hidden" name="intent" value="profile" />
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        {field('fname', t('firstName'), { type: 'text', autoComplete: 'given-name', autoFocus: mode === 'onboarding' })}
        {field('lname', t('lastName'), { type: 'text', autoComplete: 'family-name' })}
        {field('email', t('email'), { type: 'email', autoComplete: 'email' })}
        {field('phone', t('phone'), { type: 'tel', autoComplete: 'tel' })}
        <Button type="submit" loading={busy} sx={{ alignSelf: mode === 'onboarding' ? 'stretch' : 'flex-start' }}>
          {t('save')}
        </Button>
        <ProfileError message={state?.formError} />
        {state?.saved && (
          <Alert color="success" role="status">
            {t('profileSaved')}
          </Alert>
        )}
      </Stack>
    </Form>
  );
}
