import { Link, useLocation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Button from '../../components/Button';

export interface SectionTab {
  path: string;
  label: string;
}

/** A section's parts, as links (state in the address, as the task queues do), the current one marked. */
export function SectionTabs({ label, tabs }: { label: string; tabs: readonly SectionTab[] }) {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', borderBottom: '1px solid', borderColor: 'divider', pb: 1 }}>
      {tabs.map((tab) => {
        const current = pathname === tab.path || pathname.startsWith(`${tab.path}/`);
        return (
          <Button
            key={tab.path}
            component={Link}
            to={tab.path}
            size="sm"
            variant={current ? 'soft' : 'plain'}
            color={current ? 'primary' : 'neutral'}
            aria-current={current ? 'page' : undefined}
          >
            {tab.label}
          </Button>
        );
      })}
    </Box>
  );
}
