import { Link as RemixLink } from '@remix-run/react';
import Chip from '@mui/joy/Chip';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';

/** One decision as the journey's "Why it fired" page shows it: times on the viewer's clock, the patient by name. */
export interface DecisionLine {
  id: string;
  when: string;
  iso: string;
  patient: string;
  enduserId: string;
  title: string;
  why: string;
  fired: boolean;
}

/** Decisions newest first, each with the patient (a link to their record), what was decided and why. */
export function DecisionList({ lines }: { lines: DecisionLine[] }) {
  return (
    <List aria-label="Decisions" sx={{ '--ListItem-paddingX': 0 }}>
      {lines.map((line) => (
        <ListItem key={line.id} sx={{ display: 'block', py: 1, borderBottom: '1px solid', borderColor: 'divider' }}>
          <Stack direction="row" justifyContent="space-between" gap={1} flexWrap="wrap">
            <Typography level="body-sm" component="p">
              <time dateTime={line.iso}>{line.when}</time> ·{' '}
              <Link component={RemixLink} to={`/staff/patients/${line.enduserId}`}>
                {line.patient}
              </Link>
            </Typography>
            <Chip size="sm" variant="soft" color={line.fired ? 'success' : 'warning'}>
              {line.fired ? 'fired' : 'not fired'}
            </Chip>
          </Stack>
          <Typography level="title-sm" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {line.title}
          </Typography>
          <Typography level="body-sm" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {line.why}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
