import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Typography from '@mui/joy/Typography';
import { useMemo, type CSSProperties } from 'react';
import { AuthScreen } from '../../components/AuthScreen';
import Button from '../../components/Button';
import { HomeBlockView, type HomeBlock } from '../../components/HomeBlocks';
import { LandingScreen } from '../../components/LandingScreen';
import { PortalPage } from '../../components/PortalPage';
import { PortalShell } from '../../components/PortalShell';
import { PreviewOrganization } from '../../components/useOrganization';
import { navigationEntries } from '../../navigation';
import { safeColor, safeImageURL, type PortalOrganization } from '../../organization';
import { portalTheme } from '../../theme';
import { storedPosition, type PortalDraft, type PreviewScreen } from './portal-draft';

const optional = (value: string) => value.trim() || undefined;

/** The organization as the portal would load it once the draft is saved (organization.server.ts's reading). */
export const organizationFromDraft = (loaded: PortalOrganization, draft: PortalDraft): PortalOrganization => {
  const auth = draft.authentication;
  return {
    ...loaded,
    themeColor: safeColor(draft.themeColor),
    themeColorSecondary: safeColor(draft.themeColorSecondary, loaded.themeColorSecondary),
    logoURL: safeImageURL(draft.logoURL),
    faviconURL: safeImageURL(draft.faviconURL),
    landing: { logoURL: safeImageURL(auth.landingLogo), title: optional(auth.landingTitle), graphicURL: safeImageURL(auth.landingGraphic) },
    login: { title: optional(auth.loginTitle), description: optional(auth.loginDescription), graphicURL: safeImageURL(auth.loginGraphic) },
    register: { title: optional(auth.registerTitle), description: optional(auth.registerDescription), graphicURL: safeImageURL(auth.registerGraphic) },
  };
};

/** The theme colour's CSS variables, set on the preview's frame so the portal's own components take the draft's colour. */
const themeVariables = (color: string) => portalTheme(safeColor(color)).generateCssVars('light').css as CSSProperties;

/** Home's blocks as the patient sees them; what depends on the patient (their care team, events) shows its empty text. */
const homeBlocksOf = (draft: PortalDraft): HomeBlock[] =>
  draft.home.blocks.map((block) => {
    if (block.type === 'text') return { type: 'text', text: block.text };
    if (block.type === 'careTeam') return { type: 'careTeam', title: block.title || 'Your Care Team', members: [] };
    if (block.type === 'education') return { type: 'education', items: [] };
    return { type: 'carePlan', events: [] };
  });

function PreviewHome({ draft }: { draft: PortalDraft }) {
  const settings = draft.pages.map((page) => ({ page: page.page, title: optional(page.title), disabled: !page.shown, mobileBottomNavigationPosition: storedPosition(page.position) }));
  // Community shows only with a setting that is on (navigation.ts): leave it out while it is off.
  const navigation = navigationEntries(
    settings.filter((setting) => setting.page !== 'Community' || !setting.disabled),
    { hasCarePlan: true, selfScheduling: true },
  );
  const blocks = homeBlocksOf(draft);
  const headerImageURL = safeImageURL(draft.home.headerImageURL);
  return (
    <PortalShell shell={{ enduser: { id: 'preview', name: 'Alex Morgan' }, navigation, sidebarClosed: false }}>
      <PortalPage>
        {blocks.length > 0 && headerImageURL && <Box component="img" src={headerImageURL} alt="" sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 'md' }} />}
        <Typography level="h1">Welcome, Alex!</Typography>
        {blocks.length ? blocks.map((block, index) => <HomeBlockView key={index} block={block} />) : <Typography>Without blocks, Home shows the patient's forms to fill, unread messages and events.</Typography>}
      </PortalPage>
    </PortalShell>
  );
}

function PreviewSignIn({ screen }: { screen: 'login' | 'register' }) {
  return (
    <AuthScreen screen={screen}>
      <FormControl>
        <FormLabel>{screen === 'login' ? 'Email or phone' : 'Email'}</FormLabel>
        <Input readOnly />
      </FormControl>
      <Button>{screen === 'login' ? 'Continue' : 'Create account'}</Button>
    </AuthScreen>
  );
}

/**
 * The portal as the draft would make it, drawn by the portal's own components (landing, sign-in
 * frame, shell and Home blocks) with the draft's organization and colour. Nothing in it navigates.
 */
export function PreviewScreens({ loaded, draft, screen }: { loaded: PortalOrganization; draft: PortalDraft; screen: PreviewScreen }) {
  const organization = useMemo(() => organizationFromDraft(loaded, draft), [loaded, draft]);
  const style = useMemo(() => themeVariables(draft.themeColor), [draft.themeColor]);
  return (
    <PreviewOrganization.Provider value={organization}>
      <Box
        style={style}
        data-preview-colour={organization.themeColor}
        sx={{ bgcolor: 'background.body', minHeight: '100dvh' }}
        onClickCapture={(event) => event.preventDefault()}
        onSubmitCapture={(event) => event.preventDefault()}
      >
        {screen === 'home' ? <PreviewHome draft={draft} /> : screen === 'landing' ? <LandingScreen /> : <PreviewSignIn screen={screen} />}
      </Box>
    </PreviewOrganization.Provider>
  );
}
