import { Link as RemixLink, useFetcher, useLocation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Avatar from '@mui/joy/Avatar';
import Box from '@mui/joy/Box';
import IconButton from './IconButton';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import ListItemContent from '@mui/joy/ListItemContent';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import type { PortalOrganization } from '../organization';
import { bottomNavigationEntries, pageOfPath, type NavEntry } from '../navigation';
import { Icon, PAGE_ICONS } from './icons';
import { NavIcon } from './NavIcon';
import { useOrganization } from './useOrganization';
import { useHydrated } from './useHydrated';

/** The drawer's code (Joy's modal machinery) loads when it is first opened, not with every page. */
const Drawer = lazy(() => import('@mui/joy/Drawer'));

/** docs/contract/portal.md#constants: sidebar 57 px collapsed and 300 px open, bottom bar 56 px, mobile below 600 px. */
export const SIDEBAR_COLLAPSED = 57;
export const SIDEBAR_OPEN = 300;
export const BOTTOM_BAR_HEIGHT = 56;
const DESKTOP = '@media (min-width: 600px)';
const MOBILE = '@media (max-width: 599.95px)';

export interface ShellData {
  enduser: { id: string; name: string; avatarVersion?: string };
  navigation: NavEntry[];
  sidebarClosed: boolean;
  liveCall?: { meetingId: string };
}

/** The organization's logo in the shell, or its name. */
function Brand({ organization, maxHeight }: { organization: PortalOrganization; maxHeight: number }) {
  if (organization.logoURL) return <img src={organization.logoURL} alt={organization.name} style={{ maxHeight, maxWidth: '100%', objectFit: 'contain', display: 'block' }} />;
  return (
    <Typography level="title-md" component="p" noWrap>
      {organization.name}
    </Typography>
  );
}

const isCurrent = (entry: NavEntry, pathname: string) => pageOfPath(pathname) === entry.page;

/** One sidebar entry: icon and title; collapsed, the title stays as the accessible name. */
function SidebarLink({ entry, open, current }: { entry: NavEntry; open: boolean; current: boolean }) {
  return (
    <ListItem>
      <ListItemButton
        component={RemixLink}
        to={entry.path}
        selected={current}
        aria-current={current ? 'page' : undefined}
        aria-label={open ? undefined : entry.title}
        title={open ? undefined : entry.title}
        sx={{ minHeight: 44, borderRadius: 'sm' }}
      >
        <ListItemDecorator>
          <NavIcon page={entry.page} name={PAGE_ICONS[entry.page] ?? 'home'} />
        </ListItemDecorator>
        {open && <ListItemContent>{entry.title}</ListItemContent>}
      </ListItemButton>
    </ListItem>
  );
}

/** Settings and Log Out, in the sidebar and the mobile drawer (docs/contract/portal.md#shell). */
function AccountLinks({ open, pathname }: { open: boolean; pathname: string }) {
  const { t } = useTranslation('shell');
  const current = pathname === '/settings';
  return (
    <>
      <ListItem>
        <ListItemButton
          component={RemixLink}
          to="/settings"
          selected={current}
          aria-current={current ? 'page' : undefined}
          aria-label={open ? undefined : t('settings')}
          title={open ? undefined : t('settings')}
          sx={{ minHeight: 44, borderRadius: 'sm' }}
        >
          <ListItemDecorator>
            <Icon name="settings" />
          </ListItemDecorator>
          {open && <ListItemContent>{t('settings')}</ListItemContent>}
        </ListItemButton>
      </ListItem>
      <ListItem>
        {/* A document navigation, so nothing of the signed-in session stays in the page. */}
        <ListItemButton
          component={RemixLink}
          to="/logout"
          reloadDocument
          aria-label={open ? undefined : t('logOut')}
          title={open ? undefined : t('logOut')}
          sx={{ minHeight: 44, borderRadius: 'sm' }}
        >
          <ListItemDecorator>
            <Icon name="logout" />
          </ListItemDecorator>
          {open && <ListItemContent>{t('logOut')}</ListItemContent>}
        </ListItemButton>
      </ListItem>
    </>
  );
}

export function EnduserAvatar({ enduser, size = 'sm' }: { enduser: ShellData['enduser']; size?: 'sm' | 'md' | 'lg' }) {
  const initials = enduser.name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <Avatar size={size} src={enduser.avatarVersion ? `/settings/avatar?v=${enduser.avatarVersion}` : undefined} alt="" aria-hidden>
      {initials}
    </Avatar>
  );
}

/**
 * The sidebar (600 px and wider). The toggle is a form post that stores the choice in a cookie, so
 * it works before scripts load; once they run it answers at once and saves in the background.
 */
function Sidebar({ shell, pathname }: { shell: ShellData; pathname: string }) {
  const toggle = useFetcher();
  const pending = toggle.formData?.get('sidebarClosed');
  const closed = pending !== undefined && pending !== null ? pending === 'true' : shell.sidebarClosed;
  const open = !closed;
  const organization = useOrganization();
  const { t } = useTranslation('shell');
  return (
    <Sheet
      component="nav"
      aria-label={t('mainNavigation')}
      sx={{
        [MOBILE]: { display: 'none' },
        width: open ? SIDEBAR_OPEN : SIDEBAR_COLLAPSED,
        flexShrink: 0,
        position: 'sticky',
        top: 0,
        height: '100dvh',
        overflowY: 'auto',
        overflowX: 'hidden',
        borderRight: '1px solid',
        borderColor: 'divider',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: open ? 1.5 : 0.5, minHeight: 56, justifyContent: open ? 'space-between' : 'center' }}>
        {open && (
          <Box sx={{ minWidth: 0, overflow: 'hidden' }}>
            <Brand organization={organization} maxHeight={36} />
          </Box>
        )}
        <toggle.Form method="post" action="/shell-preferences">
          <input type="hidden" name="intent" value="sidebar" />
          <input type="hidden" name="sidebarClosed" value={open ? 'true' : 'false'} />
          <input type="hidden" name="redirectTo" value={pathname} />
          <IconButton type="submit" variant="plain" aria-label={open ? t('collapseNavigation') : t('expandNavigation')} aria-expanded={open}>
            <Icon name={open ? 'chevronLeft' : 'menu'} />
          </IconButton>
        </toggle.Form>
      </Box>
      <List size="md" sx={{ px: 0.5, flexGrow: 0, '--ListItem-paddingX': open ? '12px' : '8px' }}>
        {shell.navigation.map((entry) => (
          <SidebarLink key={entry.page} entry={entry} open={open} current={isCurrent(entry, pathname)} />
        ))}
      </List>
      <Box sx={{ flexGrow: 1 }} />
      <List size="md" sx={{ px: 0.5, flexGrow: 0, '--ListItem-paddingX': open ? '12px' : '8px' }}>
        <AccountLinks open={open} pathname={pathname} />
      </List>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: open ? 1.5 : 1, borderTop: '1px solid', borderColor: 'divider' }}>
        <EnduserAvatar enduser={shell.enduser} />
        {open && (
          <Typography level="body-sm" noWrap>
            {shell.enduser.name}
          </Typography>
        )}
      </Box>
    </Sheet>
  );
}

/** The menu's contents: who is signed in, pages not in the bottom bar, Settings and Log Out. */
function MenuContents({ shell, pathname, elsewhere, onChoose }: { shell: ShellData; pathname: string; elsewhere: NavEntry[]; onChoose?: () => void }) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
        <EnduserAvatar enduser={shell.enduser} />
        <Typography level="title-sm">{shell.enduser.name}</Typography>
      </Box>
      <List size="lg" onClick={onChoose}>
        {elsewhere.map((entry) => (
          <SidebarLink key={entry.page} entry={entry} open current={isCurrent(entry, pathname)} />
        ))}
        <AccountLinks open pathname={pathname} />
      </List>
    </>
  );
}

const MENU_ID = 'portal-menu';

/**
 * The menu before scripts load (or when they never do): 'Open menu' is a link to this panel, which
 * CSS shows while it is the address's target; 'Close menu' links away from it. Once the page is
 * hydrated the Joy drawer (focus trap, Escape) replaces it.
 */
function MenuWithoutScripts({ shell, pathname, elsewhere }: { shell: ShellData; pathname: string; elsewhere: NavEntry[] }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <IconButton component="a" href={`#${MENU_ID}`} variant="plain" aria-label={t('openMenu')}>
        <Icon name="menu" />
      </IconButton>
      <Sheet
        id={MENU_ID}
        component="nav"
        aria-label={t('menu')}
        sx={{
          display: 'none',
          '&:target': { display: 'flex' },
          flexDirection: 'column',
          position: 'fixed',
          top: 0,
          right: 0,
          bottom: 0,
          width: 'min(320px, 85vw)',
          zIndex: 1300,
          boxShadow: 'lg',
          overflowY: 'auto',
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <Link href="#" level="body-sm" sx={{ p: 1 }}>
            {t('closeMenu')}
          </Link>
        </Box>
        <MenuContents shell={shell} pathname={pathname} elsewhere={elsewhere} />
      </Sheet>
    </>
  );
}

/** Below 600 px: the top bar with the drawer (Settings, Log Out, and pages not in the bottom bar). */
function TopBar({ shell, pathname, bottom }: { shell: ShellData; pathname: string; bottom: NavEntry[] }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const hydrated = useHydrated();
  const { t } = useTranslation('shell');
  useEffect(() => {
    // The menu was opened by its link before the scripts took over: the drawer takes its place.
    if (window.location.hash === `#${MENU_ID}`) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      setDrawerOpen(true);
    }
  }, []);
  const organization = useOrganization();
  const elsewhere = shell.navigation.filter((entry) => !bottom.includes(entry));
  return (
    <Sheet
      component="header"
      sx={{
        [DESKTOP]: { display: 'none' },
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        px: 1.5,
        minHeight: 56,
        position: 'sticky',
        top: 0,
        zIndex: 10,
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0, overflow: 'hidden' }}>
        <Brand organization={organization} maxHeight={32} />
      </Box>
      {hydrated ? (
        <IconButton variant="plain" aria-label={t('openMenu')} aria-haspopup="dialog" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
          <Icon name="menu" />
        </IconButton>
      ) : (
        <MenuWithoutScripts shell={shell} pathname={pathname} elsewhere={elsewhere} />
      )}
      {drawerOpen && (
        <Suspense fallback={null}>
          <Drawer anchor="right" open={drawerOpen} onClose={() => setDrawerOpen(false)} size="sm" slotProps={{ content: { 'aria-label': t('menu') } }}>
            <Box component="nav" aria-label={t('menu')} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
              <MenuContents shell={shell} pathname={pathname} elsewhere={elsewhere} onChoose={() => setDrawerOpen(false)} />
            </Box>
          </Drawer>
        </Suspense>
      )}
    </Sheet>
  );
}

/** Below 600 px, with more than one page in it: the fixed bottom navigation (56 px). */
function BottomBar({ entries, pathname }: { entries: NavEntry[]; pathname: string }) {
  const { t } = useTranslation('shell');
  return (
    <Sheet
      component="nav"
      aria-label={t('bottomNavigation')}
      sx={{
        [DESKTOP]: { display: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        height: BOTTOM_BAR_HEIGHT,
        zIndex: 10,
        display: 'flex',
        borderTop: '1px solid',
        borderColor: 'divider',
      }}
    >
      {entries.map((entry) => {
        const current = isCurrent(entry, pathname);
        return (
          <Link
            key={entry.page}
            component={RemixLink}
            to={entry.path}
            aria-current={current ? 'page' : undefined}
            underline="none"
            color={current ? 'primary' : 'neutral'}
            sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 0.25, fontSize: 'xs', fontWeight: current ? 'lg' : 'md' }}
          >
            <NavIcon page={entry.page} name={PAGE_ICONS[entry.page] ?? 'home'} />
            <Box component="span" sx={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', px: 0.5 }}>
              {entry.title}
            </Box>
          </Link>
        );
      })}
    </Sheet>
  );
}

/** docs/contract/portal.md#shell: the floating alert for a live call, dismissible per meeting (a cookie, set by a form post). */
function LiveCallAlert({ meetingId, pathname }: { meetingId: string; pathname: string }) {
  const dismiss = useFetcher();
  const { t } = useTranslation('shell');
  if (dismiss.state !== 'idle' || dismiss.data) return null;
  return (
    <Alert
      color="primary"
      variant="soft"
      role="status"
      sx={{ position: 'fixed', zIndex: 20, right: 16, bottom: { xs: BOTTOM_BAR_HEIGHT + 16, sm: 16 }, maxWidth: 'calc(100vw - 32px)', boxShadow: 'md' }}
      endDecorator={
        <dismiss.Form method="post" action="/shell-preferences">
          <input type="hidden" name="intent" value="dismiss-call" />
          <input type="hidden" name="meetingId" value={meetingId} />
          <input type="hidden" name="redirectTo" value={pathname} />
          {/* An IconButton with text: Joy's Button (with its loading spinner) would ship ~4 KB more to every page. */}
          <IconButton type="submit" size="sm" variant="plain" color="primary" sx={{ px: 1, fontWeight: 'lg' }}>
            {t('dismiss')}
          </IconButton>
        </dismiss.Form>
      }
    >
      <span>
        {t('liveCallBefore')}
        <Link component={RemixLink} to={`/video-call?meetingId=${encodeURIComponent(meetingId)}`}>
          {t('liveCallLink')}
        </Link>
        {t('liveCallAfter')}
      </span>
    </Alert>
  );
}

/** The signed-in frame (docs/contract/portal.md#shell): sidebar or top bar and bottom bar, the live-call alert, then the page. */
export function PortalShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { pathname } = useLocation();
  const bottom = bottomNavigationEntries(shell.navigation);
  const hasBottomBar = bottom.length > 1;
  const { t } = useTranslation('shell');
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Link
        href="#main"
        sx={{ position: 'absolute', left: -9999, top: 8, zIndex: 30, '&:focus': { left: 8, bgcolor: 'background.surface', p: 1 } }}
      >
        {t('skipToContent')}
      </Link>
      <Sidebar shell={shell} pathname={pathname} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar shell={shell} pathname={pathname} bottom={hasBottomBar ? bottom : []} />
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{
            width: '100%',
            maxWidth: 960,
            mx: 'auto',
            p: { xs: 2, sm: 4 },
            display: 'flex',
            flexDirection: 'column',
            gap: 2,
            outline: 'none',
            [MOBILE]: hasBottomBar ? { pb: `${BOTTOM_BAR_HEIGHT + 16}px` } : {},
          }}
        >
          {children}
        </Box>
      </Box>
      {hasBottomBar && <BottomBar entries={bottom} pathname={pathname} />}
      {shell.liveCall && <LiveCallAlert key={shell.liveCall.meetingId} meetingId={shell.liveCall.meetingId} pathname={pathname} />}
    </Box>
  );
}
