import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import Card from '@mui/joy/Card';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { ApiError } from '../../../api.server';
import { useTranslation } from '../../../i18n/I18nProvider';
import { answersOf } from '../../../forms/response-answers';
import { pageLanguage } from '../../../portal/page-language.server';
import { ResponseView } from '../../../forms/ResponseView';
import { formatDate } from '../../../portal/format';
import { getRecord, optionalText } from '../../../portal/resources.server';
import { displayNameOf, signedInEnduser } from '../../../portal/signed-in.server';
import { portalTimeZone } from '../../../time/portal-zone.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** A form response as a read-only page: title, who, each question with its answer (docs/contract/portal.md#form-response-view). */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const screen = await screenTexts(request, ['forms']);
  const { authToken, enduser } = await signedInEnduser(request);
  let response;
  try {
    response = await getRecord(authToken, 'form-response', String(params.id));
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { texts: screen, missing: true as const };
    throw error;
  }
  const timeZone = await portalTimeZone(request, enduser);
  const { t, locale } = await pageLanguage(request, 'forms');
  const submittedAt = optionalText(response.submittedAt);
  const answerTexts = { noValue: t('response.noValue'), unsigned: t('response.unsigned'), signedBy: (name: string) => t('response.signedBy', { name }).trim(), file: t('response.file') };
  return {
    texts: screen,
    missing: false as const,
    title: optionalText(response.formTitle) ?? t('form'),
    // The enduser sees their own responses: the person is them.
    person: displayNameOf(enduser),
    submittedAt: submittedAt ? formatDate(Date.parse(submittedAt), timeZone, locale) : undefined,
    answers: answersOf(response, timeZone, answerTexts, locale),
  };
};

export default function FormResponseView() {
  const view = useLoaderData<typeof loader>();
  const { t } = useTranslation('forms');
  if (view.missing) {
    return (
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <Typography level="h1" fontSize="lg">
          {t('response.missing')}
        </Typography>
        <Link component={RemixLink} to="/documents">
          {t('backToDocuments')}
        </Link>
      </Card>
    );
  }
  return <ResponseView view={view} />;
}
