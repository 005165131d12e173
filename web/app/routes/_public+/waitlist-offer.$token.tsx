import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { ApiError, callApi, formErrorMessage } from '../../api.server';
import { AuthScreen } from '../../components/AuthScreen';
import { useTranslation } from '../../i18n/I18nProvider';
import { apiMessageKey } from '../../booking/api-messages';
import { metaCatalogue } from '../../i18n/meta-texts';
import { useLocale } from '../../i18n/useLanguage';
import { formatIn } from '../../time/format';
import { browserTimeZone, viewerTimeZone } from '../../time/viewer-zone.server';
import { screenTexts } from '../../i18n/screen-texts.server';
import type { ScreenTexts } from '../../i18n/types';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: metaCatalogue(matches).patientLinks.offer.title }];

/** The link's address is the hold's credential: no other site (an image host) is told it. */
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer' });

interface Offer {
  title: string;
  startTimeInMS: number;
  durationInMinutes: number;
  staffName?: string;
  location?: string;
  heldUntil: string;
  timezone?: string;
}

type OfferView = { state: 'held'; offer: Offer; zone: string } | { state: 'gone'; message: string };

/**
 * A waitlist offer's held link (docs/decisions.md, "The waitlist"): public, the link is the
 * credential. Opening it books nothing (mail scanners follow links); the patient presses Book.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs): Promise<OfferView & { texts: ScreenTexts }> => {
  const texts = await screenTexts(request, ['auth', 'patientLinks']);
  try {
    const { offer } = await callApi<{ offer: Offer }>('/v1/waitlist-offer', { query: { token: String(params.token ?? '') } });
    return { texts, state: 'held', offer, zone: viewerTimeZone(offer.timezone, browserTimeZone(request)) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { texts, state: 'gone', message: error.message };
    throw error;
  }
};

export const action = async ({ params }: ActionFunctionArgs) => {
  try {
    await callApi('/v1/claim-waitlist-offer', { method: 'POST', body: { token: String(params.token ?? '') } });
    return { booked: true as const };
  } catch (error) {
    return { booked: false as const, message: formErrorMessage(error) };
  }
};

export default function WaitlistOffer() {
  const { t } = useTranslation('patientLinks');
  const locale = useLocale();
  const view = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  // The api's refusals in the page's language when the catalogue knows them (patientLinks api.*).
  const said = (message: string) => {
    const key = apiMessageKey(message);
    return key ? t(`api.${key}`) : message;
  };
  const gone = t('api.taken');

  if (result?.booked) {
    return (
      <AuthScreen title={t('offer.booked')}>
        <Alert color="success" role="status">
          {t('offer.bookedDetail')}
        </Alert>
        {view.state === 'held' && <OfferDetails offer={view.offer} zone={view.zone} />}
      </AuthScreen>
    );
  }
  if (view.state === 'gone' || result) {
    // The api's message, when it says something the heading does not (a failure of another kind).
    const message = said(result && !result.booked ? result.message : view.state === 'gone' ? view.message : gone);
    return (
      <AuthScreen title={t('offer.gone')}>
        {message !== gone && (
          <Alert color="warning" role="alert">
            {message}
          </Alert>
        )}
        <Typography level="body-md">{t('offer.goneDetail')}</Typography>
      </AuthScreen>
    );
  }
  return (
    <AuthScreen title={t('offer.title')}>
      <Form method="post">
        <Stack gap={2}>
          <OfferDetails offer={view.offer} zone={view.zone} />
          <Typography level="body-sm">{t('offer.heldUntil', { time: formatIn(view.offer.heldUntil, view.zone, 'time', locale) })}</Typography>
          <Button type="submit" loading={submitting}>
            {t('offer.book')}
          </Button>
        </Stack>
      </Form>
    </AuthScreen>
  );
}

function OfferDetails({ offer, zone }: { offer: Offer; zone: string }) {
  const { t } = useTranslation('patientLinks');
  const locale = useLocale();
  return (
    <Stack gap={0.5}>
      <Typography level="title-md" component="h2">
        {offer.title}
      </Typography>
      <Typography level="body-md">{formatIn(offer.startTimeInMS, zone, 'dateTime', locale)}</Typography>
      <Typography level="body-sm">
        {offer.staffName ? t('offer.withStaff', { minutes: offer.durationInMinutes, name: offer.staffName }) : t('offer.minutes', { count: offer.durationInMinutes })}
        {offer.location ? ` · ${offer.location}` : ''}
      </Typography>
    </Stack>
  );
}
