import type { ReactNode } from 'react';
import { Link as RemixLink } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { FactList, type HeaderFact } from './FactList';

export type { HeaderFact } from './FactList';

/**
 * The top of any record page (ARCHITECTURE.md, "The staff app": header, sections, timeline): a link
 * back to its list, the record's name as the page's only h1, a line under it, then its facts as a
 * description list that wraps into columns on a wide screen and stacks on a phone.
 */
export function RecordHeader({ back, title, subtitle, facts, actions }: { back: { to: string; label: string }; title: string; subtitle?: ReactNode; facts: HeaderFact[]; actions?: ReactNode }) {
  return (
    <Card variant="outlined" component="header" sx={{ gap: 1.5 }}>
      <Link component={RemixLink} to={back.to} level="body-sm" sx={{ alignSelf: 'flex-start' }}>
        {back.label}
      </Link>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} justifyContent="space-between" alignItems={{ sm: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography level="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && <Typography level="body-sm">{subtitle}</Typography>}
        </Box>
        {actions}
      </Stack>
      <FactList facts={facts} wideColumns={3} />
    </Card>
  );
}
