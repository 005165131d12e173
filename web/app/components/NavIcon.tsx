import Badge from '@mui/joy/Badge';
import { unreadBadge } from '../portal/chat';
import { Icon, type IconName } from './icons';
import { useLiveChats } from './LiveChats';

/**
 * A navigation entry's icon; Communications carries the unread badge (at most 9, docs/contract/portal.md#constants), kept
 * live by the shell (LiveChats), so the shell needs no extra props.
 */
export function NavIcon({ page, name }: { page: string; name: IconName }) {
  const { unread } = useLiveChats();
  const badge = page === 'Communications' ? unreadBadge(unread) : '';
  if (!badge) return <Icon name={name} />;
  return (
    <Badge badgeContent={badge} color="danger" size="sm" max={Infinity} data-testid="unread-badge">
      <Icon name={name} />
    </Badge>
  );
}
