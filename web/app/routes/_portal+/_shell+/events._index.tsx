import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '../../../i18n/I18nProvider';
import { EventList } from '../../../components/EventList';
import { PortalPage } from '../../../components/PortalPage';
import { eventTitleWords, yourEvents } from '../../../portal/events.server';
import { pageLanguage } from '../../../portal/page-language.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { portalTimeZone } from '../../../time/portal-zone.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** Events (docs/contract/portal.md#events): 'Your Events'. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['events', 'home']);
  const { authToken, enduser } = await signedInEnduser(request);
  const { t } = await pageLanguage(request, 'events');
  return { texts, events: await yourEvents(authToken, enduser.id, Date.now(), eventTitleWords(t)), timeZone: await portalTimeZone(request, enduser) };
};

export default function Events() {
  const { events, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation('events');
  return (
    <PortalPage>
      <EventList events={events} timeZone={timeZone} headingLevel="h1" empty={t('empty')} />
    </PortalPage>
  );
}
