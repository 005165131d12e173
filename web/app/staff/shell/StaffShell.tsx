import { useLocation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import IconButton from '../../components/IconButton';
import { useHydrated } from '../../components/useHydrated';
import { useOrganization } from '../../components/useOrganization';
import { StaffIcon } from './icons';
import { sectionOfPath } from './sections';
import type { StaffShellData } from './shell.server';
import { ACCOUNT_PATH, StaffAccount, StaffNav } from './StaffNav';

/** The drawer's code (Joy's modal machinery) loads when it is first opened, as the portal's does. */
const Drawer = lazy(() => import('@mui/joy/Drawer'));

export const SIDEBAR_WIDTH = 248;
const WIDE = '@media (min-width: 900px)';
const NARROW = '@media (max-width: 899.95px)';
const MENU_ID = 'staff-menu';

function Brand() {
  const organization = useOrganization();
  if (organization.logoURL) return <img src={organization.logoURL} alt={organization.name} style={{ maxHeight: 32, maxWidth: '100%', objectFit: 'contain', display: 'block' }} />;
  return (
    <Typography level="title-md" component="p" noWrap>
      {organization.name}
    </Typography>
  );
}

/** The navigation column at 900 px and wider. */
function Sidebar({ shell, pathname }: { shell: StaffShellData; pathname: string }) {
  return (
    <Sheet
      component="nav"
      aria-label="Staff"
      sx={{
        [NARROW]: { display: 'none' },
        width: SIDEBAR_WIDTH,
        flexShrink: 0,
        position: 'sticky',
        top: 0,
        height: '100dvh',
        overflowY: 'auto',
        borderRight: '1px solid',
        borderColor: 'divider',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.level1',
      }}
    >
      <Box sx={{ p: 2, minHeight: 56, display: 'flex', alignItems: 'center' }}>
        <Brand />
      </Box>
      <StaffNav sections={shell.sections} current={sectionOfPath(pathname)} unread={shell.unread} idPrefix="sidebar" />
      <Box sx={{ flexGrow: 1 }} />
      <StaffAccount name={shell.name} current={pathname === ACCOUNT_PATH} />
    </Sheet>
  );
}

/**
 * The menu before scripts run (or if they never do): 'Open menu' links to this panel, shown by CSS
 * while it is the address's target (the portal's shell does the same, web/app/components/PortalShell.tsx).
 */
function MenuWithoutScripts({ shell, pathname }: { shell: StaffShellData; pathname: string }) {
  return (
    <>
      <IconButton component="a" href={`#${MENU_ID}`} variant="plain" aria-label="Open menu">
        <StaffIcon name="menu" />
      </IconButton>
      <Sheet
        id={MENU_ID}
        component="nav"
        aria-label="Staff"
        sx={{ display: 'none', '&:target': { display: 'flex' }, flexDirection: 'column', position: 'fixed', inset: '0 0 0 auto', width: 'min(320px, 85vw)', zIndex: 1300, boxShadow: 'lg', overflowY: 'auto' }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <Link href="#" level="body-sm" sx={{ p: 1 }}>
            Close menu
          </Link>
        </Box>
        <StaffNav sections={shell.sections} current={sectionOfPath(pathname)} unread={shell.unread} idPrefix="menu" />
        <Box sx={{ flexGrow: 1 }} />
        <StaffAccount name={shell.name} current={pathname === ACCOUNT_PATH} />
      </Sheet>
    </>
  );
}

/** Below 900 px: a top bar with the organization and a menu button that opens the navigation in a drawer. */
function TopBar({ shell, pathname }: { shell: StaffShellData; pathname: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  useEffect(() => {
    // Opened by its link before the scripts took over: the drawer takes its place.
    if (window.location.hash === `#${MENU_ID}`) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      setOpen(true);
    }
  }, []);
  const unread = shell.unread > 0 ? `, ${shell.unread} unread` : '';
  return (
    <Sheet
      component="header"
      sx={{ [WIDE]: { display: 'none' }, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1.5, minHeight: 56, position: 'sticky', top: 0, zIndex: 10, borderBottom: '1px solid', borderColor: 'divider' }}
    >
      <Box sx={{ minWidth: 0, overflow: 'hidden' }}>
        <Brand />
      </Box>
      {hydrated ? (
        <IconButton variant="plain" aria-label={`Open menu${unread}`} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
          <StaffIcon name="menu" />
        </IconButton>
      ) : (
        <MenuWithoutScripts shell={shell} pathname={pathname} />
      )}
      {open && (
        <Suspense fallback={null}>
          <Drawer anchor="right" open={open} onClose={() => setOpen(false)} size="sm" slotProps={{ content: { 'aria-label': 'Menu' } }}>
            <Box component="nav" aria-label="Staff" sx={{ display: 'flex', flexDirection: 'column', height: '100%', pt: 1 }}>
              <StaffNav sections={shell.sections} current={sectionOfPath(pathname)} unread={shell.unread} idPrefix="drawer" onChoose={() => setOpen(false)} />
              <Box sx={{ flexGrow: 1 }} />
              <StaffAccount name={shell.name} current={pathname === ACCOUNT_PATH} onChoose={() => setOpen(false)} />
            </Box>
          </Drawer>
        </Suspense>
      )}
    </Sheet>
  );
}

/**
 * The staff app's frame: a skip link, the navigation (a sidebar from 900 px, a drawer below), and the
 * page in <main>. (The browser's zone, for times on the staff member's clock, is reported by the root.)
 */
export function StaffShell({ shell, children }: { shell: StaffShellData; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Link href="#main" sx={{ position: 'absolute', left: -9999, top: 8, zIndex: 30, '&:focus': { left: 8, bgcolor: 'background.surface', p: 1 } }}>
        Skip to content
      </Link>
      <Sidebar shell={shell} pathname={pathname} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar shell={shell} pathname={pathname} />
        <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, width: '100%', maxWidth: 1200, mx: 'auto', p: { xs: 1.5, sm: 3 }, outline: 'none' }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
