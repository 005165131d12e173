import { Link, useLocation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Button from '../../components/Button';

export const SCHEDULING_TABS = [
  { path: '/staff/scheduling/hours', label: 'Working hours' },
  { path: '/staff/scheduling/types', label: 'Appointment types' },
  { path: '/staff/scheduling/locations', label: 'Locations' },
  { path: '/staff/scheduling/booking-pages', label: 'Booking pages' },
] as const;

/** The booking setup's parts, as links (state in the address, as the task queues do), the current one marked. */
export function SchedulingTabs() {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Scheduling" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', borderBottom: '1px solid', borderColor: 'divider', pb: 1 }}>
      {SCHEDULING_TABS.map((tab) => {
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
