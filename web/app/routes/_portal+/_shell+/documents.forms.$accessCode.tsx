import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { Translate } from '../../../i18n/translator';
import { useActionData, useLoaderData } from '@remix-run/react';
import { apiMessage, fillingView, loadForm, postStep, type StepState } from '../../../forms/form-filling.server';
import { FormFilling } from '../../../forms/FormFilling';
import { PortalPage } from '../../../components/PortalPage';
import { useTranslation } from '../../../i18n/I18nProvider';
import { pageLanguage } from '../../../portal/page-language.server';
import { MAX_UPLOAD_BYTES, readMultipart } from '../../../portal/files.server';
import { setFlash } from '../../../portal/flash.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** A failed lookup alerts its message and returns to Documents (docs/contract/portal.md#documents, #errors). */
const backToDocuments = (t: Translate<'forms'>) => async (error: unknown) => {
  throw redirect('/documents', { headers: { 'Set-Cookie': await setFlash(apiMessage(error, t)) } });
};

/** Filling one form (docs/contract/portal.md#documents, #form-filling): one question (or question group) at a time, the draft kept by the API. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await signedInEnduser(request);
  const { t } = await pageLanguage(request, 'forms');
  const loaded = await loadForm(authToken, String(params.accessCode)).catch(backToDocuments(t));
  if (!loaded) return redirect('/documents');
  return { ...fillingView(request, loaded, t), texts: await screenTexts(request, ['forms']) };
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const accessCode = String(params.accessCode);
  const { t } = await pageLanguage(request, 'forms');
  let form: FormData;
  try {
    form = await readMultipart(request, MAX_UPLOAD_BYTES, t('fileTooLarge'));
  } catch (error) {
    return data<StepState>({ formError: apiMessage(error, t) });
  }
  const result = await postStep(authToken, enduser.id, accessCode, form, t).catch(backToDocuments(t));
  if (!result) return null;
  const here = `/documents/forms/${encodeURIComponent(accessCode)}`;
  if ('submitted' in result) throw redirect(here);
  if ('goTo' in result) throw redirect(`${here}?step=${result.goTo}`);
  return data<StepState>(result.state);
};

export default function FillForm() {
  const loaded = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { t } = useTranslation('forms');
  return (
    <PortalPage>
      <FormFilling loaded={loaded} state={state} postsTo="/documents/forms/" exit={{ to: '/documents', label: t('backToDocuments') }} />
    </PortalPage>
  );
}
