import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import Typography from '@mui/joy/Typography';
import { CHANNEL_LABEL, type ConversationCard, type InboxView } from './types';
import { visuallyHidden } from '../../components/visually-hidden';

type Card = ConversationCard & { when: string };

const EMPTY: Record<InboxView, string> = {
  Mine: 'No conversations are assigned to you. Open All to pick one up, or start one above.',
  Unassigned: 'Every conversation has someone on it.',
  All: 'No conversations yet. When a patient writes by chat, text or email it shows here; to write first, type a patient’s name above.',
  Closed: 'No closed conversations. Close one when it needs nothing more.',
};

/** A card per conversation (Chatwoot's ConversationCard): who, channel, last message, unread count, assignee, time. */
export function ConversationList({ cards, view, openKey, nextBefore }: { cards: Card[]; view: InboxView; openKey: string | null; nextBefore?: number }) {
  if (cards.length === 0) {
    return (
      <Typography level="body-sm" sx={{ p: 2 }}>
        {EMPTY[view]}
      </Typography>
    );
  }
  return (
    <>
      <List aria-label="Conversations" sx={{ '--ListItem-paddingY': '0px' }}>
        {cards.map((card) => {
          const unread = card.unreadCount > 0 || card.markedUnread;
          return (
            <ListItem key={card.key}>
              <ListItemButton
                component={RemixLink}
                to={`/staff/inbox?${new URLSearchParams({ view, c: card.key })}`}
                selected={card.key === openKey}
                aria-current={card.key === openKey ? 'true' : undefined}
                sx={{ display: 'block', py: 1, borderRadius: 'sm' }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography level="title-sm" sx={{ fontWeight: unread ? 700 : 500, flexGrow: 1, minWidth: 0 }} noWrap>
                    {card.patientName}
                  </Typography>
                  <Typography level="body-xs">{card.when}</Typography>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.25 }}>
                  <Chip size="sm" variant="outlined">
                    {CHANNEL_LABEL[card.channel]}
                  </Chip>
                  {unread ? <span style={visuallyHidden}>{`${card.unreadCount || 'marked'} unread,`}</span> : null}
                  <Typography level="body-sm" noWrap sx={{ flexGrow: 1, minWidth: 0, fontWeight: unread ? 600 : 400 }}>
                    {card.subject ? `${card.subject}: ` : ''}
                    {card.lastMessage || 'No messages yet'}
                  </Typography>
                  {unread ? (
                    <Chip size="sm" color="primary" variant="solid" aria-hidden>
                      {card.unreadCount || '•'}
                    </Chip>
                  ) : null}
                </Box>
                <Typography level="body-xs" sx={{ mt: 0.25 }}>
                  {card.assignees.length ? `Assigned to ${card.assignees.map((person) => person.name).join(', ')}` : 'Unassigned'}
                </Typography>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {nextBefore !== undefined ? (
        <Box sx={{ p: 1 }}>
          <Link component={RemixLink} to={`/staff/inbox?${new URLSearchParams({ view, before: String(nextBefore) })}`}>Older conversations</Link>
        </Box>
      ) : null}
    </>
  );
}
