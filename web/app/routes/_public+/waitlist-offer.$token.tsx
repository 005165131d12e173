import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { ApiError, callApi, formErrorMessage } from '../../api.server';
import { AuthScreen } from '../../components/AuthScreen';
import { formatIn } from '../../time/format';
import { browserTimeZone, viewerTimeZone } from '../../time/viewer-zone.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

export const WAITLIST_OFFER_TEXTS = {
  title: 'A time opened up',
  book: 'Book this time',
  booked: 'Appointment Confirmed',
  bookedDetail: 'Check your email for next steps',
  gone: 'This time is no longer available',
  goneDetail: 'Its hold has ended or it has been booked. While you are on the waitlist, we will tell you when another time opens up.',
} as const;

export const meta: MetaFunction = () => [{ title: WAITLIST_OFFER_TEXTS.title }];

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
export const loader = async ({ request, params }: LoaderFunctionArgs): Promise<OfferView> => {
  try {
    const { offer } = await callApi<{ offer: Offer }>('/v1/waitlist-offer', { query: { token: String(params.token ?? '') } });
    return { state: 'held', offer, zone: viewerTimeZone(offer.timezone, browserTimeZone(request)) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { state: 'gone', message: error.message };
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
  const view = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';

  if (result?.booked) {
    return (
      <AuthScreen title={WAITLIST_OFFER_TEXTS.booked}>
        <Alert color="success" role="status">
          {WAITLIST_OFFER_TEXTS.bookedDetail}
        </Alert>
        {view.state === 'held' && <OfferDetails offer={view.offer} zone={view.zone} />}
      </AuthScreen>
    );
  }
  if (view.state === 'gone' || result) {
    // The api's message, when it says something the heading does not (a failure of another kind).
    const message = result && !result.booked ? result.message : view.state === 'gone' ? view.message : WAITLIST_OFFER_TEXTS.gone;
    return (
      <AuthScreen title={WAITLIST_OFFER_TEXTS.gone}>
        {message !== WAITLIST_OFFER_TEXTS.gone && (
          <Alert color="warning" role="alert">
            {message}
          </Alert>
        )}
        <Typography level="body-md">{WAITLIST_OFFER_TEXTS.goneDetail}</Typography>
      </AuthScreen>
    );
  }
  return (
    <AuthScreen title={WAITLIST_OFFER_TEXTS.title}>
      <Form method="post">
        <Stack gap={2}>
          <OfferDetails offer={view.offer} zone={view.zone} />
          <Typography level="body-sm">Held for you until {formatIn(view.offer.heldUntil, view.zone, 'time')}.</Typography>
          <Button type="submit" loading={submitting}>
            {WAITLIST_OFFER_TEXTS.book}
          </Button>
        </Stack>
      </Form>
    </AuthScreen>
  );
}

function OfferDetails({ offer, zone }: { offer: Offer; zone: string }) {
  return (
    <Stack gap={0.5}>
      <Typography level="title-md" component="h2">
        {offer.title}
      </Typography>
      <Typography level="body-md">{formatIn(offer.startTimeInMS, zone, 'dateTime')}</Typography>
      <Typography level="body-sm">
        {offer.durationInMinutes} minutes{offer.staffName ? ` with ${offer.staffName}` : ''}
        {offer.location ? ` · ${offer.location}` : ''}
      </Typography>
    </Stack>
  );
}
