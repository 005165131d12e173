import { Outlet } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import { SchedulingTabs } from '../../../staff/scheduling/SchedulingTabs';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

/**
 * The booking setup (issue 34): working hours and their exceptions, appointment types, locations and
 * booking pages, one tab each; each tab's page loads and checks its own records.
 */
export default function Scheduling() {
  return (
    <Stack gap={2}>
      <SchedulingTabs />
      <Outlet />
    </Stack>
  );
}
