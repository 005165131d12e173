import { Outlet } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { SettingsTabs } from '../../../staff/settings/SettingsTabs';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

/**
 * The organization's settings (issue 36): team, API keys, webhooks, integrations and the
 * organization itself, one tab each; each tab's page loads and checks its own records.
 */
export default function Settings() {
  return (
    <Stack gap={2}>
      <Typography level="h2" component="h1">
        Settings
      </Typography>
      <SettingsTabs />
      <Outlet />
    </Stack>
  );
}
