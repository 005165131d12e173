import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { ApiError, formErrorMessage } from '../../api.server';
import { config } from '../../config.server';
import { BookingWidget } from '../../booking/BookingWidget';
import { answerWidget, loadBookingPage, optionalEnduser, type WidgetActionBody } from '../../booking/booking.server';
import { pageTexts, type PageTexts } from '../../booking/page-language.server';
import { WIDGET_FONT, WIDGET_WIDTH } from '../../booking/texts';
import { metaCatalogue } from '../../i18n/meta-texts';
import type { BookingActionResult } from '../../booking/types';
// The widget's font (docs/contract/portal.md#booking-widget: Domine), served from the portal itself: no font CDN reaches a clinic's site.
import domineRegular from '@fontsource/domine/400.css?url';
import domineBold from '@fontsource/domine/700.css?url';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: metaCatalogue(matches).booking.pageTitle }];

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: domineRegular },
  { rel: 'stylesheet', href: domineBold },
];

const ID = /^[0-9a-f]{24}$/i;

/** The link's parameters (docs/contract/portal.md#booking-widget), or the message for the first one missing. */
const linkOf = (params: URLSearchParams, texts: PageTexts) => {
  const businessId = params.get('businessId')?.trim();
  if (!businessId) return { invalid: texts.booking('noBusinessId') } as const;
  const pageId = params.get('appointmentBookingPageId')?.trim();
  if (!pageId) return { invalid: texts.booking('noPageId') } as const;
  const rescheduled = params.get('rescheduledCalendarEventId')?.trim() || undefined;
  return { businessId, pageId, rescheduledCalendarEventId: rescheduled && ID.test(rescheduled) ? rescheduled : undefined } as const;
};

/** A signed-in enduser of this page's business books as themselves; anyone else is a visitor. */
const bookerOf = async (request: Request, businessId: string) => {
  const enduser = await optionalEnduser(request);
  return enduser && enduser.businessId === businessId ? enduser : undefined;
};

/** Public (docs/contract/portal.md#routes): the widget runs without login, also inside a clinic site's iframe. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const [texts, screen] = await Promise.all([pageTexts(request), screenTexts(request, ['booking'])]);
  const link = linkOf(new URL(request.url).searchParams, texts);
  if ('invalid' in link) return { texts: screen, state: 'invalid' as const, message: link.invalid };
  try {
    const [page, booker] = await Promise.all([loadBookingPage(link.businessId, link.pageId), bookerOf(request, link.businessId)]);
    // The GA4 endpoint goes with the page only when the page has a property to send to.
    const withAnalytics = page.ga4measurementId ? { ...page, ga4CollectUrl: config.ga4CollectUrl } : page;
    return { texts: screen, state: 'ready' as const, page: withAnalytics, skipIntake: !!booker && !booker.upserted, rescheduledCalendarEventId: link.rescheduledCalendarEventId };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { texts: screen, state: 'invalid' as const, message: texts.booking('unknownPage') };
    return { texts: screen, state: 'invalid' as const, message: texts.api(formErrorMessage(error)) };
  }
};

/** The widget's calls (booking.server.ts answerWidget), made here so no token ever reaches the browser. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const texts = await pageTexts(request);
  const link = linkOf(new URL(request.url).searchParams, texts);
  if ('invalid' in link) return data<BookingActionResult>({ error: link.invalid ?? texts.booking('unknownPage') });
  const body = (await request.json()) as WidgetActionBody;
  return data<BookingActionResult>(await answerWidget(body, link, await bookerOf(request, link.businessId), texts));
};

export default function AppointmentBookingPage() {
  const view = useLoaderData<typeof loader>();
  if (view.state === 'invalid') {
    return (
      <Box component="main" sx={{ width: WIDGET_WIDTH, maxWidth: '100%', mx: 'auto', p: 2, fontFamily: WIDGET_FONT }}>
        <Typography level="body-md" role="alert" sx={{ fontFamily: WIDGET_FONT }}>
          {view.message}
        </Typography>
      </Box>
    );
  }
  return <BookingWidget page={view.page} skipIntake={view.skipIntake} rescheduling={!!view.rescheduledCalendarEventId} />;
}
