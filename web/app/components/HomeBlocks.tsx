import { Link as RemixLink } from '@remix-run/react';
import Card from '@mui/joy/Card';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemContent from '@mui/joy/ListItemContent';
import Typography from '@mui/joy/Typography';
import { EventList } from './EventList';

/** Texts the spec does not give (docs/decisions.md, issue 13). */
export const HOME_TEXTS = {
  outstandingForms: (count: number) => (count === 1 ? 'You have 1 form to complete' : `You have ${count} forms to complete`),
  unreadMessages: (count: number) => (count === 1 ? 'You have 1 conversation with unread messages' : `You have ${count} conversations with unread messages`),
  noEvents: 'You have no upcoming events.',
  noCareTeam: 'Your care team will appear here.',
  noContent: 'No content is available at this time',
  carePlanEmpty: 'Your care plan will appear here.',
} as const;

/** One block of the Home customization with the data it shows (docs/contract/portal.md#home). */
export type HomeBlock =
  | { type: 'text'; text: string }
  | { type: 'careTeam'; title: string; members: { id: string; name: string; roles: string[] }[] }
  | { type: 'education'; items: { id: string; title: string }[] }
  | { type: 'carePlan'; events: { id: string; title: string; startTimeInMS: number }[] }
  | { type: 'events'; events: { id: string; title: string; startTimeInMS: number }[] };

/** One Home block as the patient sees it; the staff app's portal preview draws the same. */
export function HomeBlockView({ block, timeZone }: { block: HomeBlock; timeZone?: string }) {
  switch (block.type) {
    case 'text':
      return <Typography sx={{ whiteSpace: 'pre-line' }}>{block.text}</Typography>;
    case 'careTeam':
      return (
        <Card variant="outlined" component="section" aria-label={block.title}>
          <Typography level="title-lg" component="h2">
            {block.title}
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
            <Typography>{HOME_TEXTS.noCareTeam}</Typography>
          )}
        </Card>
      );
    case 'education':
      return (
        <Card variant="outlined" component="section" aria-label="Education">
          <Typography level="title-lg" component="h2">
            Education
          </Typography>
          {block.items.length ? (
            <List>
              {block.items.map((item) => (
                <ListItem key={item.id}>
                  <Link component={RemixLink} to={`/content/${item.id}`}>
                    {item.title}
                  </Link>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography>{HOME_TEXTS.noContent}</Typography>
          )}
        </Card>
      );
    case 'carePlan':
      return (
        <Card variant="outlined" component="section" aria-label="Care Plan">
          <Typography level="title-lg" component="h2">
            Care Plan
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
            <Typography>{HOME_TEXTS.carePlanEmpty}</Typography>
          )}
        </Card>
      );
    case 'events':
      return <EventList events={block.events} timeZone={timeZone} empty={HOME_TEXTS.noEvents} />;
  }
}
