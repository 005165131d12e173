import type { ReactNode } from 'react';
import Card from '@mui/joy/Card';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';

/**
 * One section of a record page: a card named by its h2 (so a screen reader lists it among the page's
 * regions), an optional control beside the heading, and, when it has nothing to show, a sentence
 * that says what to do next instead of an empty box.
 */
export function RecordSection({ id, title, action, empty, children }: { id: string; title: string; action?: ReactNode; empty?: string | false; children?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ gap: 1.5, minWidth: 0 }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" gap={1} flexWrap="wrap">
        {/* Clear of the phone's top bar when a link lands on it (the record's jumps). */}
        <Typography level="title-lg" component="h2" id={id} sx={{ scrollMarginTop: 72 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {empty ? <Typography level="body-sm">{empty}</Typography> : null}
      {children}
    </Card>
  );
}
