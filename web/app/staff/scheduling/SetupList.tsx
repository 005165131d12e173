import type { ReactNode } from 'react';
import { Link, useSearchParams } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { EmptyState } from '../list';

export interface SetupItem {
  key: string;
  title: string;
  /** Plain-language facts about the record (never ids or field names). */
  details: string[];
  to: string;
  extra?: ReactNode;
}

/**
 * A short list of setup records (a practice has a handful of each): a card per record with what it
 * is in words and a link to open it; the Add button when the role may create; an empty state that
 * says what to do next; and the notice of what was just saved or deleted (?notice=).
 */
export function SetupList({
  heading,
  intro,
  items,
  addLabel,
  addTo,
  canCreate,
  canEdit,
  empty,
}: {
  heading: string;
  intro: string;
  items: SetupItem[];
  addLabel: string;
  addTo: string;
  canCreate: boolean;
  canEdit: boolean;
  empty: { title: string; text: string; readOnlyText: string };
}) {
  const [search] = useSearchParams();
  const notice = search.get('notice');
  return (
    <Stack gap={2}>
      <Stack direction="row" gap={1} alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <Typography level="h2" component="h1">
          {heading}
        </Typography>
        {canCreate && items.length > 0 && (
          <Button component={Link} to={addTo}>
            {addLabel}
          </Button>
        )}
      </Stack>
      <Typography level="body-md">{intro}</Typography>
      {notice && (
        <Alert color="success" role="status">
          {notice}
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyState
          title={empty.title}
          text={canCreate ? empty.text : empty.readOnlyText}
          actions={
            canCreate && (
              <Button component={Link} to={addTo}>
                {addLabel}
              </Button>
            )
          }
        />
      ) : (
        <SetupItems label={heading} items={items} canEdit={canEdit} />
      )}
    </Stack>
  );
}

/** The records as cards: what each is in words, and a link to open it (Edit, or View for a role that may not change it). */
export function SetupItems({ label, items, canEdit }: { label: string; items: SetupItem[]; canEdit: boolean }) {
  return (
    <List aria-label={label} sx={{ gap: 1, p: 0 }}>
      {items.map((item) => (
        <ListItem key={item.key} sx={{ p: 0 }}>
          <Sheet variant="outlined" sx={{ borderRadius: 'md', p: 2, width: '100%', display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Stack sx={{ flex: 1, minWidth: 200 }} gap={0.25}>
              <Typography level="title-md" component="h2">
                {item.title}
              </Typography>
              {item.details.filter(Boolean).map((detail) => (
                <Typography key={detail} level="body-sm">
                  {detail}
                </Typography>
              ))}
              {item.extra}
            </Stack>
            <Button component={Link} to={item.to} variant="outlined" size="sm" aria-label={`${canEdit ? 'Edit' : 'View'} ${item.title}`}>
              {canEdit ? 'Edit' : 'View'}
            </Button>
          </Sheet>
        </ListItem>
      ))}
    </List>
  );
}
