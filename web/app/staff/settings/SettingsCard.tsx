import type { ReactNode } from 'react';
import Card from '@mui/joy/Card';
import Typography from '@mui/joy/Typography';

/** One part of a settings page: a titled region (its heading names it for screen readers). */
export function SettingsCard({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ gap: 1.5 }}>
      <Typography level="title-lg" component="h2" id={id}>
        {title}
      </Typography>
      {intro && <Typography level="body-sm">{intro}</Typography>}
      {children}
    </Card>
  );
}

/** A form's outcome line: the saved text (a status) or the api's message (an alert). */
export function Outcome({ saved, error }: { saved?: string; error?: string }) {
  if (error)
    return (
      <Typography role="alert" color="danger" level="body-sm">
        {error}
      </Typography>
    );
  if (saved)
    return (
      <Typography role="status" color="success" level="body-sm">
        {saved}
      </Typography>
    );
  return null;
}
