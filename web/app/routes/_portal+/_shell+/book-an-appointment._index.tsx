import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../../../i18n/I18nProvider';
import { PortalPage } from '../../../components/PortalPage';
import { listRecords, optionalText } from '../../../portal/resources.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** The organization's booking pages the enduser may see (only id and title are used), by title. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['booking']);
  const { authToken } = await signedInEnduser(request);
  const pages = await listRecords(authToken, 'appointment-booking-pages', { limit: 1000 });
  return {
    texts,
    pages: pages
      .filter((page) => page.hiddenFromPortal !== true)
      .map((page) => ({ id: page.id, title: optionalText(page.title) ?? 'Appointment' }))
      .sort((a, b) => a.title.localeCompare(b.title)),
  };
};

export default function BookAnAppointment() {
  // Texts: docs/contract/portal.md#appointment-pages (catalogue 'booking').
  const { t } = useTranslation('booking');
  const { pages } = useLoaderData<typeof loader>();
  return (
    <PortalPage>
      <Typography level="h1">{t('listTitle')}</Typography>
      {pages.length === 0 ? (
        <Typography>{t('listEmpty')}</Typography>
      ) : (
        <List aria-label={t('listTitle')} sx={{ maxWidth: 600 }}>
          {pages.map((page) => (
            <ListItem key={page.id}>
              <Link component={RemixLink} to={`/book-an-appointment/${encodeURIComponent(page.id)}`} level="title-md">
                {page.title}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </PortalPage>
  );
}
