import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { EventList } from '../../../components/EventList';
import { PortalPage } from '../../../components/PortalPage';
import { yourEvents } from '../../../portal/events.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { portalTimeZone } from '../../../time/portal-zone.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** Our text: the spec gives none for an empty event list. */
export const NO_EVENTS = 'You have no upcoming events.';

/** Events (docs/contract/portal.md#events): 'Your Events'. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  return { events: await yourEvents(authToken, enduser.id), timeZone: await portalTimeZone(request, enduser) };
};

export default function Events() {
  const { events, timeZone } = useLoaderData<typeof loader>();
  return (
    <PortalPage>
      <EventList events={events} timeZone={timeZone} headingLevel="h1" empty={NO_EVENTS} />
    </PortalPage>
  );
}
