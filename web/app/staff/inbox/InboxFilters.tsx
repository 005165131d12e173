import { Link } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Button from '../../components/Button';
import { INBOX_VIEWS, type InboxView } from './types';

/** Chatwoot's basic filter: Mine, Unassigned, All, Closed, kept in the address (?view=). */
export function InboxFilters({ view }: { view: InboxView }) {
  return (
    <Box component="nav" aria-label="Inbox views" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {INBOX_VIEWS.map((name) => (
        <Button
          key={name}
          component={Link}
          to={`/staff/inbox?view=${name}`}
          size="sm"
          variant={name === view ? 'soft' : 'plain'}
          color={name === view ? 'primary' : 'neutral'}
          aria-current={name === view ? 'page' : undefined}
        >
          {name}
        </Button>
      ))}
    </Box>
  );
}
