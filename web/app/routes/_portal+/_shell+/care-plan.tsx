import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../../../i18n/I18nProvider';
import { EventList } from '../../../components/EventList';
import { PortalPage } from '../../../components/PortalPage';
import { safeImageURL } from '../../../organization';
import { carePlanEvents } from '../../../portal/care-plan.server';
import { eventTitleWords } from '../../../portal/events.server';
import { pageLanguage } from '../../../portal/page-language.server';
import { listRecords, optionalText } from '../../../portal/resources.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { portalTimeZone } from '../../../time/portal-zone.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** Care Plan (docs/contract/portal.md#care-plan): header image, '<first name>'s Care Plan', the care-plan events. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['carePlan', 'home']);
  const { authToken, enduser } = await signedInEnduser(request);
  const { t } = await pageLanguage(request, 'events');
  const [[customization], events] = await Promise.all([
    listRecords(authToken, 'portal-customizations', { filter: { page: 'Care Plan' }, limit: 1 }),
    carePlanEvents(authToken, eventTitleWords(t)),
  ]);
  return {
    texts,
    fname: optionalText(enduser.fname)?.trim() ?? '',
    headerImageURL: safeImageURL(customization?.headerImageURL),
    events,
    timeZone: await portalTimeZone(request, enduser),
  };
};

export default function CarePlan() {
  const { fname, headerImageURL, events, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation('carePlan');
  return (
    <PortalPage>
      {headerImageURL && <Box component="img" src={headerImageURL} alt="" sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 'md' }} />}
      <Typography level="h1">{fname ? t('titleOf', { name: fname }) : t('title')}</Typography>
      <EventListWithoutHeading events={events} timeZone={timeZone} />
    </PortalPage>
  );
}

function EventListWithoutHeading({ events, timeZone }: { events: { id: string; title: string; startTimeInMS: number }[]; timeZone?: string }) {
  const { t } = useTranslation('carePlan');
  if (!events.length) return <Typography>{t('empty')}</Typography>;
  return <EventList events={events} timeZone={timeZone} empty={t('empty')} hideHeading />;
}
