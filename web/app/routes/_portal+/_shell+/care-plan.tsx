import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { EventList } from '../../../components/EventList';
import { PortalPage } from '../../../components/PortalPage';
import { safeImageURL } from '../../../organization';
import { carePlanEvents } from '../../../portal/care-plan.server';
import { listRecords, optionalText } from '../../../portal/resources.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { portalTimeZone } from '../../../time/portal-zone.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

export const CARE_PLAN_EMPTY = 'Your care plan will appear here.';

/** Care Plan (docs/contract/portal.md#care-plan): header image, '<first name>'s Care Plan', the care-plan events. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const [[customization], events] = await Promise.all([
    listRecords(authToken, 'portal-customizations', { filter: { page: 'Care Plan' }, limit: 1 }),
    carePlanEvents(authToken),
  ]);
  return {
    fname: optionalText(enduser.fname)?.trim() ?? '',
    headerImageURL: safeImageURL(customization?.headerImageURL),
    events,
    timeZone: await portalTimeZone(request, enduser),
  };
};

export default function CarePlan() {
  const { fname, headerImageURL, events, timeZone } = useLoaderData<typeof loader>();
  return (
    <PortalPage>
      {headerImageURL && <Box component="img" src={headerImageURL} alt="" sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 'md' }} />}
      <Typography level="h1">{`${fname}'s Care Plan`}</Typography>
      <EventListWithoutHeading events={events} timeZone={timeZone} />
    </PortalPage>
  );
}

function EventListWithoutHeading({ events, timeZone }: { events: { id: string; title: string; startTimeInMS: number }[]; timeZone?: string }) {
  if (!events.length) return <Typography>{CARE_PLAN_EMPTY}</Typography>;
  return <EventList events={events} timeZone={timeZone} empty={CARE_PLAN_EMPTY} hideHeading />;
}
