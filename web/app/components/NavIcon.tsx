import Badge from '@mui/joy/Badge';
import { useRouteLoaderData } from '@remix-run/react';
import { unreadBadge } from '../portal/chat';
import { Icon, type IconName } from './icons';

/**
 * A navigation entry's icon; Communications carries the unread badge (at most 9, 002 §9), read
 * from the signed-in layout's data so the shell needs no extra props.
 */
export function NavIcon({ page, name }: { page: string; name: IconName }) {
  const shell = useRouteLoaderData<{ unreadChats?: number }>('routes/_portal');
  const badge = page === 'Communications' ? unreadBadge(shell?.unreadChats ?? 0) : '';
  if (!badge) return <Icon name={name} />;
  return (
    <Badge badgeContent={badge} color="danger" size="sm" max={Infinity} data-testid="unread-badge">
      <Icon name={name} />
    </Badge>
  );
}
