import { data, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { AuthMessage } from '../../components/AuthScreen';
import { rescheduleSession } from '../../booking/appointment-links.server';
import { answerWidget, loadBookingPage, type WidgetActionBody } from '../../booking/booking.server';
import { BookingWidget } from '../../booking/BookingWidget';
import { LinkedAppointmentFacts } from '../../booking/LinkedAppointmentFacts';
import { pageTexts } from '../../booking/page-language.server';
import { metaCatalogue } from '../../i18n/meta-texts';
import { useTranslation } from '../../i18n/I18nProvider';
import type { BookingActionResult } from '../../booking/types';
import domineRegular from '@fontsource/domine/400.css?url';
import domineBold from '@fontsource/domine/700.css?url';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: metaCatalogue(matches).patientLinks.rescheduleTitle }];
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: domineRegular },
  { rel: 'stylesheet', href: domineBold },
];
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer' });

/** The booking is the page's last word: once it moved, reloading the link would only say so. */
export const shouldRevalidate = () => false;

/**
 * /appointment/reschedule?link=… (public): the confirmation email's reschedule link opens the
 * booking widget of the appointment's page and type, booking as its patient with
 * rescheduledCalendarEventId (so the old appointment is marked moved and its reminders move). The
 * patient's booking session is traded for the link on this server at each call and never sent on.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const outcome = await rescheduleSession(request);
  const texts = await screenTexts(request, ['auth', 'booking', 'patientLinks']);
  if ('refused' in outcome) return data({ texts, state: 'refused' as const, message: outcome.refused }, { status: 400 });
  const session = outcome.ok;
  const page = await loadBookingPage(session.appointment.businessId, session.bookingPageId);
  const templates = page.templates.filter((template) => template.id === session.calendarEventTemplateId);
  const { title, when, startTimeInMS, timezone, durationInMinutes, place } = session.appointment;
  return { texts, state: 'ready' as const, page: { ...page, templates: templates.length ? templates : page.templates }, appointment: { title, when, startTimeInMS, timezone, durationInMinutes, place } };
};

export type { BookingActionResult };

export const action = async ({ request }: ActionFunctionArgs) => {
  const outcome = await rescheduleSession(request);
  if ('refused' in outcome) return data<BookingActionResult>({ error: outcome.refused });
  const session = outcome.ok;
  const body = (await request.json()) as WidgetActionBody;
  const link = { businessId: session.appointment.businessId, pageId: session.bookingPageId, rescheduledCalendarEventId: session.calendarEventId };
  return data<BookingActionResult>(await answerWidget({ ...body, templateId: session.calendarEventTemplateId }, link, { authToken: session.authToken, upserted: false }, await pageTexts(request)));
};

export default function RescheduleAppointment() {
  const { t } = useTranslation('patientLinks');
  const view = useLoaderData<typeof loader>();
  if (view.state === 'refused') {
    return (
      <AuthMessage title={t('rescheduleTitle')} tone="warning">
        {view.message}
      </AuthMessage>
    );
  }
  const intro = (
    <Stack gap={0.5} mb={1.5} sx={{ p: 1, borderRadius: 'sm', bgcolor: 'background.level1' }}>
      <Typography level="body-sm">{t('moving')}</Typography>
      <LinkedAppointmentFacts appointment={view.appointment} />
    </Stack>
  );
  return <BookingWidget page={view.page} skipIntake rescheduling intro={intro} />;
}
