import { Link as RemixLink } from '@remix-run/react';
import Card from '@mui/joy/Card';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../i18n/I18nProvider';
import { useLocale } from '../i18n/useLanguage';
import { formatDateTime } from '../portal/format';

export interface EventListItem {
  id: string;
  title: string;
  startTimeInMS: number;
}

/** A list of events, each leading to its detail page (docs/contract/portal.md#events), under 'Your Events' in the page's language, times in its locale. */
export function EventList({ events, timeZone, headingLevel = 'h2', empty, hideHeading }: { events: EventListItem[]; timeZone?: string; headingLevel?: 'h1' | 'h2'; empty: string; hideHeading?: boolean }) {
  const { t } = useTranslation('home');
  const locale = useLocale();
  return (
    <section aria-labelledby={hideHeading ? undefined : 'your-events-heading'}>
      {!hideHeading && <Typography level={headingLevel === 'h1' ? 'h2' : 'h3'} component={headingLevel} id="your-events-heading" sx={{ mb: 1 }}>
        {t('yourEvents')}
      </Typography>}
      {events.length === 0 ? (
        <Typography level="body-md">{empty}</Typography>
      ) : (
        <List sx={{ gap: 1, p: 0 }}>
          {events.map((event) => (
            <ListItem key={event.id} sx={{ p: 0 }}>
              <Card variant="outlined" sx={{ width: '100%', gap: 0.5 }}>
                <Link component={RemixLink} to={`/events/${event.id}`} overlay level="title-md">
                  {event.title}
                </Link>
                <Typography level="body-sm">{formatDateTime(event.startTimeInMS, timeZone, locale)}</Typography>
              </Card>
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
