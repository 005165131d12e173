import type { ReactNode } from 'react';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';

/**
 * What an empty list says: why it is empty and what to do next (Twenty's RecordTableEmptyState has a
 * title, a line and one button; ours names the filters in force and offers each way forward).
 */
export function EmptyState({ title, text, actions }: { title: string; text: string; actions?: ReactNode }) {
  return (
    <Sheet variant="soft" sx={{ borderRadius: 'md', p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
      <Stack gap={1} alignItems="center">
        <Typography level="title-lg" component="h2">
          {title}
        </Typography>
        <Typography level="body-md" sx={{ maxWidth: 520 }}>
          {text}
        </Typography>
        {actions && (
          <Stack direction="row" gap={1} flexWrap="wrap" justifyContent="center" sx={{ mt: 1 }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Sheet>
  );
}
