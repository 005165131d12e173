import { Link as RemixLink } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import { useOrganization } from './useOrganization';

/**
 * The frame of a signed-in page: the organization's name and the entries every page offers (Home,
 * Settings, Log Out; 002 §2.2), then the page. The full shell (sidebar, mobile bar, page settings)
 * grows here as the other signed-in screens arrive.
 */
export function PortalPage({ children }: { children: ReactNode }) {
  const organization = useOrganization();
  return (
    <Box component="main" sx={{ maxWidth: 960, mx: 'auto', p: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography level="title-lg" component="p">
          {organization.name}
        </Typography>
        <Stack component="nav" direction="row" gap={2}>
          <Link component={RemixLink} to="/home">
            Home
          </Link>
          <Link component={RemixLink} to="/settings">
            Settings
          </Link>
          {/* A document navigation, so nothing of the signed-in session stays in the page. */}
          <Link component={RemixLink} to="/logout" reloadDocument>
            Log Out
          </Link>
        </Stack>
      </Box>
      {children}
    </Box>
  );
}
