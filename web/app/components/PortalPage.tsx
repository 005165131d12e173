import Stack from '@mui/joy/Stack';
import type { ReactNode } from 'react';

/**
 * The content of a signed-in page; the shell around it (navigation, account links) is the
 * `_portal` layout route's (components/PortalShell.tsx).
 */
export function PortalPage({ children }: { children: ReactNode }) {
  return <Stack gap={2}>{children}</Stack>;
}
