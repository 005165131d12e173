import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import type { ShellData } from '../../../components/PortalShell';
import Alert from '@mui/joy/Alert';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../../../i18n/I18nProvider';
import { AvatarUpload } from '../../../components/AvatarUpload';
import { LanguageChooser } from '../../../components/LanguageChooser';
import { ProfileForm } from '../../../components/ProfileForm';
import { SetPasswordPrompt } from '../../../components/SetPasswordPrompt';
import { PortalPage } from '../../../components/PortalPage';
import { useLanguage } from '../../../i18n/useLanguage';
import { profileValuesOf, saveProfile, setFirstPassword, type ProfileState, type SetPasswordState } from '../../../profile.server';
import { saveLanguage, type LanguageState } from '../../../portal/language-choice.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** Settings (docs/contract/portal.md#settings), signed-in: the profile form, the language, and the set-password prompt while no password is set. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['auth', 'settings', 'validation']);
  const { enduser } = await signedInEnduser(request);
  return { texts, profile: profileValuesOf(enduser), passwordIsUnset: enduser.passwordIsUnset === true };
};

type SettingsState = ProfileState | SetPasswordState | LanguageState;

/** Failures answer 200 with the problem for the form that posted (see login.tsx). */
export const action = async ({ request }: ActionFunctionArgs) => {
  const signedIn = await signedInEnduser(request);
  const form = await request.formData();
  if (form.get('intent') === 'password') return data<SettingsState>(await setFirstPassword(signedIn, request, form));
  if (form.get('intent') === 'language') {
    const { state, setCookie } = await saveLanguage(signedIn, request, form);
    return data<SettingsState>(state, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
  }
  const result = await saveProfile(signedIn, request, form);
  if (!result.ok) return data<SettingsState>(result.state);
  return data<SettingsState>({ intent: 'profile', values: result.profile, saved: true }, { headers: { 'Set-Cookie': result.setCookie } });
};

export default function Settings() {
  const { profile, passwordIsUnset } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { t } = useTranslation('settings');
  // The page's language is the patient's own when they chose one (i18n/language.server.ts).
  const language = useLanguage();
  const profileState = state?.intent === 'profile' ? state : undefined;
  const passwordState = state?.intent === 'password' ? state : undefined;
  const languageState = state?.intent === 'language' ? state : undefined;
  const shell = useRouteLoaderData<ShellData>('routes/_portal+/_shell+/_layout');
  return (
    <PortalPage>
      <Typography level="h1">{t('title')}</Typography>
      {passwordIsUnset && <SetPasswordPrompt state={passwordState} />}
      {passwordState?.passwordSet && (
        <Alert color="success" role="status">
          {t('passwordSet')}
        </Alert>
      )}
      {shell && <AvatarUpload enduser={shell.enduser} />}
      <Sheet variant="outlined" component="section" aria-label={t('profile')} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 'md', maxWidth: 520 }}>
        <ProfileForm mode="settings" defaults={profile} state={profileState} />
      </Sheet>
      <LanguageChooser current={language} state={languageState} />
    </PortalPage>
  );
}
