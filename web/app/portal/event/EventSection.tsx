import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';

/** One titled section of the event page (Location, Attachments, Tasks, Forms). */
export const EventSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack component="section" aria-label={title} gap={0.5}>
    <Typography level="title-sm" component="h2">
      {title}
    </Typography>
    {children}
  </Stack>
);
