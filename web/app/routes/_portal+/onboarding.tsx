import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import Button from '../../components/Button';
import { AuthScreen } from '../../components/AuthScreen';
import { useTranslation } from '../../i18n/I18nProvider';
import { ProfileForm } from '../../components/ProfileForm';
import { profileValuesOf, saveProfile, type ProfileState } from '../../profile.server';
import { needsOnboarding, REDIRECT_PARAM, requireEnduser, safeRedirectPath } from '../../session.server';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/**
 * The profile-completion screen (docs/contract/portal.md#onboarding, #session): every other signed-in route sends an
 * enduser whose first or last name is missing here (requireOnboardedEnduser), with the page asked
 * for in `redirectTo`; saving the profile continues there. With both names it is never shown.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { enduser } = await requireEnduser(request);
  const redirectTo = safeRedirectPath(request, new URL(request.url).searchParams.get(REDIRECT_PARAM));
  if (!needsOnboarding(enduser)) throw redirect(redirectTo);
  return { texts: await screenTexts(request, ['auth', 'settings', 'validation']), profile: profileValuesOf(enduser), redirectTo };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const signedIn = await requireEnduser(request);
  const form = await request.formData();
  const result = await saveProfile(signedIn, request, form);
  // Failures answer 200 with the problem for the form (see login.tsx).
  if (!result.ok) return data<ProfileState>(result.state);
  return redirect(safeRedirectPath(request, form.get(REDIRECT_PARAM)), { headers: { 'Set-Cookie': result.setCookie } });
};

export default function Onboarding() {
  const { profile, redirectTo } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { t } = useTranslation('auth');
  return (
    <AuthScreen title={t('onboardingTitle')} subtitle={t('onboarding')}>
      <ProfileForm mode="onboarding" defaults={profile} state={state} redirectTo={redirectTo} />
      {/* A document navigation, so nothing of the signed-in session stays in the page. */}
      <Button component="a" href="/logout" variant="plain" color="neutral">
        {t('logOut')}
      </Button>
    </AuthScreen>
  );
}
