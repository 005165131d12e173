import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { EventList } from '../../../components/EventList';
import { useTranslation } from '../../../i18n/I18nProvider';
import { HomeBlockView, type HomeBlock } from '../../../components/HomeBlocks';
import { PortalPage } from '../../../components/PortalPage';
import { callApi } from '../../../api.server';
import { safeImageURL } from '../../../organization';
import { carePlanEvents } from '../../../portal/care-plan.server';
import { eventTitleWords, yourEvents, yourEventsOf, type EventTitleWords } from '../../../portal/events.server';
import { pageLanguage } from '../../../portal/page-language.server';
import { listRecords, optionalText, type ApiRecord } from '../../../portal/resources.server';
import { displayNameOf, portalBootstrap } from '../../../portal/signed-in.server';
import { formLinkExpired } from '../../../portal/form-link';
import { portalTimeZone } from '../../../time/portal-zone.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** One block of the Home customization (docs/contract/portal.md#home) with the data it shows; unknown block types are left out. */
const loadBlock = async (block: ApiRecord, authToken: string, enduser: ApiRecord, words: EventTitleWords): Promise<HomeBlock | undefined> => {
  const info = (block.info ?? {}) as Record<string, unknown>;
  switch (block.type) {
    case 'text':
      return { type: 'text', text: optionalText(info.text) ?? '' };
    case 'careTeam': {
      const assigned = new Set(Array.isArray(enduser.assignedTo) ? enduser.assignedTo.map(String) : []);
      const people = assigned.size ? await callApi<ApiRecord[]>('/v1/user-display-info', { authToken }) : [];
      // The block's roles (the reference client's info.roles) choose which of the enduser's care
      // team it shows, and each member shows the roles it was chosen for; without roles, everyone
      // assigned with all their care roles.
      const wanted = Array.isArray(info.roles) ? info.roles.filter((role): role is string => typeof role === 'string' && !!role.trim()) : [];
      const members = people
        .filter((person) => assigned.has(person.id))
        .map((person) => {
          const roles = Array.isArray(person.roles) ? person.roles.filter((role): role is string => typeof role === 'string') : [];
          return { id: String(person.id), name: displayNameOf(person), roles: wanted.length ? roles.filter((role) => wanted.includes(role)) : roles };
        })
        .filter((member) => !wanted.length || member.roles.length > 0);
      return { type: 'careTeam', title: optionalText(info.title), members };
    }
    case 'education': {
      const items = await listRecords(authToken, 'managed-content-records', { limit: 10, sort: 'newFirst' });
      return { type: 'education', items: items.map((item) => ({ id: item.id, title: optionalText(item.title) })) };
    }
    case 'carePlan':
      return { type: 'carePlan', events: await carePlanEvents(authToken, words) };
    case 'Events':
      return { type: 'events', events: await yourEvents(authToken, String(enduser.id), Date.now(), words) };
    default:
      return undefined;
  }
};

const unreadRooms = (rooms: ApiRecord[], enduserId: string) =>
  rooms.filter((room) => {
    const info = (room.infoForUser as Record<string, { unreadCount?: number }> | undefined)?.[enduserId];
    return !room.endedAt && typeof info?.unreadCount === 'number' && info.unreadCount > 0;
  }).length;

/**
 * Home (docs/contract/portal.md#home): the organization's Home customization (header image and blocks) when it has
 * blocks; otherwise the outstanding-forms and unread-message banners and 'Your Events'.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['home']);
  // The shell's call answers Home's data too (portal-bootstrap with home): one api round trip for
  // the whole page; a Home customization with blocks then loads what its blocks show.
  const [{ authToken, enduser, portalCustomizations: settings, chatRooms: rooms, outstandingForms, events: recentEvents }, { t }] = await Promise.all([
    portalBootstrap(request, true),
    pageLanguage(request, 'events'),
  ]);
  // "(Cancelled)" and the like after an event's title, in the page's language.
  const words = eventTitleWords(t);
  const outstanding = outstandingForms ?? [];
  const fname = optionalText(enduser.fname)?.trim();
  const timeZone = await portalTimeZone(request, enduser);
  const customization = settings.find((setting) => setting.page === 'Home');
  const blocks = Array.isArray(customization?.blocks) ? (customization.blocks as ApiRecord[]) : [];
  if (customization && blocks.length) {
    const loadedBlocks = await Promise.all(blocks.map((block) => loadBlock(block, authToken, enduser as ApiRecord, words)));
    return { texts, fname, timeZone, custom: { headerImageURL: safeImageURL(customization.headerImageURL), blocks: loadedBlocks.filter((block): block is HomeBlock => !!block) } };
  }
  return {
    texts,
    fname,
    timeZone,
    outstandingForms: outstanding.filter((response) => response.hideFromEnduserPortal !== true && !formLinkExpired(response)).length,
    unreadRooms: unreadRooms(rooms, enduser.id),
    ...(await soonestEvents(recentEvents ?? [], authToken, enduser.id, words)),
  };
};

/**
 * Home lists the soonest few of 'Your Events' and links to the Events page for the rest: a patient
 * with hundreds of appointments (a long care plan) gets a page that opens at once rather than one
 * card per event (docs/decisions.md "Home lists the soonest events").
 */
const HOME_EVENTS = 10;
const soonestEvents = async (...args: Parameters<typeof yourEventsOf>) => {
  const events = await yourEventsOf(...args);
  return { events: events.slice(0, HOME_EVENTS), allEvents: events.length };
};

export default function Home() {
  const home = useLoaderData<typeof loader>();
  const { t } = useTranslation('home');
  return (
    <PortalPage>
      {'custom' in home && home.custom?.headerImageURL && (
        <Box component="img" src={home.custom.headerImageURL} alt="" sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 'md' }} />
      )}
      <Typography level="h1">{home.fname ? t('welcomeName', { name: home.fname }) : t('welcome')}</Typography>
      {'custom' in home && home.custom ? (
        home.custom.blocks.map((block, index) => <HomeBlockView key={index} block={block} timeZone={home.timeZone} />)
      ) : (
        <>
          {!!home.outstandingForms && (
            <Alert color="warning" variant="soft" endDecorator={<Link component={RemixLink} to="/documents">{t('goToDocuments')}</Link>}>
              {t('outstandingForms', { count: home.outstandingForms })}
            </Alert>
          )}
          {!!home.unreadRooms && (
            <Alert color="primary" variant="soft" endDecorator={<Link component={RemixLink} to="/communications">{t('goToCommunications')}</Link>}>
              {t('unreadMessages', { count: home.unreadRooms })}
            </Alert>
          )}
          <EventList events={home.events ?? []} timeZone={home.timeZone} empty={t('noEvents')} />
          {!!home.allEvents && home.allEvents > (home.events?.length ?? 0) && (
            <Link component={RemixLink} to="/events" level="body-md">
              {t('seeAllEvents', { total: home.allEvents })}
            </Link>
          )}
        </>
      )}
    </PortalPage>
  );
}
