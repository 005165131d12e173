import Box from '@mui/joy/Box';
import type { ReactNode } from 'react';

/**
 * The content of a signed-in page; the shell around it (navigation, account links) is the
 * `_portal` layout route's (components/PortalShell.tsx).
 */
export function PortalPage({ children }: { children: ReactNode }) {
  // A Box rather than Joy's Stack: the same column, without Stack's code in every page's bundle.
  return <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{children}</Box>;
}
