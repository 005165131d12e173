import { Link as RemixLink } from '@remix-run/react';
import Card from '@mui/joy/Card';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemContent from '@mui/joy/ListItemContent';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../i18n/I18nProvider';
import { EventList } from './EventList';

/**
 * One block of the Home customization with the data it shows (docs/contract/portal.md#home). Titles
 * the clinic gave are shown as given; without one, the catalogue's in the patient's language (the
 * texts the spec does not give are ours: docs/decisions.md, issue 13).
 */
export type HomeBlock =
  | { type: 'text'; text: string }
  | { type: 'careTeam'; title?: string; members: { id: string; name: string; roles: string[] }[] }
  | { type: 'education'; items: { id: string; title?: string }[] }
  | { type: 'carePlan'; events: { id: string; title: string; startTimeInMS: number }[] }
  | { type: 'events'; events: { id: string; title: string; startTimeInMS: number }[] };

/** One Home block as the patient sees it; the staff app's portal preview draws the same. */
export function HomeBlockView({ block, timeZone }: { block: HomeBlock; timeZone?: string }) {
  const { t } = useTranslation('home');
  switch (block.type) {
    case 'text':
      return <Typography sx={{ whiteSpace: 'pre-line' }}>{block.text}</Typography>;
    case 'careTeam': {
      const title = block.title ?? t('careTeam');
      return (
        <Card variant="outlined" component="section" aria-label={title}>
          <Typography level="title-lg" component="h2">
            {title}
          </Typography>
          {block.members.length ? (
            <List>
              {block.members.map((member) => (
                <ListItem key={member.id}>
                  <ListItemContent>
                    <Typography level="title-sm" component="p">
                      {member.name}
                    </Typography>
                    {member.roles.length > 0 && (
                      <Typography level="body-sm" component="p">
                        {member.roles.join(', ')}
                      </Typography>
                    )}
                  </ListItemContent>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography>{t('noCareTeam')}</Typography>
          )}
        </Card>
      );
    }
    case 'education':
      return (
        <Card variant="outlined" component="section" aria-label={t('education')}>
          <Typography level="title-lg" component="h2">
            {t('education')}
          </Typography>
          {block.items.length ? (
            <List>
              {block.items.map((item) => (
                <ListItem key={item.id}>
                  <Link component={RemixLink} to={`/content/${item.id}`}>
                    {item.title ?? t('untitled')}
                  </Link>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography>{t('noContent')}</Typography>
          )}
        </Card>
      );
    case 'carePlan':
      return (
        <Card variant="outlined" component="section" aria-label={t('carePlan')}>
          <Typography level="title-lg" component="h2">
            {t('carePlan')}
          </Typography>
          {block.events.length ? (
            <List>
              {block.events.map((event) => (
                <ListItem key={event.id}>
                  <Link component={RemixLink} to={`/events/${event.id}`}>
                    {event.title}
                  </Link>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography>{t('carePlanEmpty')}</Typography>
          )}
        </Card>
      );
    case 'events':
      return <EventList events={block.events} timeZone={timeZone} empty={t('noEvents')} />;
  }
}
