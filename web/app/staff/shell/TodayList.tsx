import { Link as RemixLink } from '@remix-run/react';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { TodayItem } from './today.server';

/**
 * One of Today's lists: a titled card, its lines each opening what they name, or an empty state that
 * says what to do next (Twenty's RecordTableEmptyState: the empty list explains itself).
 */
export function TodayList({ id, title, items, empty, more }: { id: string; title: string; items: TodayItem[]; empty: string; more?: { to: string; label: string } }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ gap: 1, minWidth: 0 }}>
      <Stack direction="row" alignItems="baseline" justifyContent="space-between" gap={1} flexWrap="wrap">
        <Typography level="title-lg" component="h2" id={id}>
          {title}
          {items.length > 0 && (
            <Typography level="body-sm" component="span" sx={{ ml: 1, color: 'text.secondary' }}>
              {items.length}
            </Typography>
          )}
        </Typography>
        {more && items.length > 0 && (
          <Link component={RemixLink} to={more.to} level="body-sm">
            {more.label}
          </Link>
        )}
      </Stack>
      {items.length === 0 ? (
        <Stack gap={0.5} alignItems="flex-start">
          <Typography level="body-md">{empty}</Typography>
          {more && (
            <Link component={RemixLink} to={more.to} level="body-sm">
              {more.label}
            </Link>
          )}
        </Stack>
      ) : (
        <List aria-labelledby={id} sx={{ '--ListItem-paddingX': 0, '--ListItem-paddingY': '6px', '--ListDivider-gap': 0 }}>
          {items.map((item) => (
            <ListItem key={item.key} sx={{ display: 'block', borderTop: '1px solid', borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
              <Stack direction="row" gap={1} alignItems="baseline" justifyContent="space-between" flexWrap="wrap">
                <Typography level="title-sm" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {item.href ? (
                    <Link component={RemixLink} to={item.href}>
                      {item.title}
                    </Link>
                  ) : (
                    item.title
                  )}
                </Typography>
                {item.flag && (
                  <Chip size="sm" variant="soft" color={item.flag === 'Overdue' ? 'danger' : 'primary'}>
                    {item.flag}
                  </Chip>
                )}
              </Stack>
              {item.detail && (
                <Typography level="body-sm" sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {item.detail}
                </Typography>
              )}
              {item.when && (
                <Typography level="body-xs" sx={{ color: 'text.secondary' }}>
                  {item.when}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}
