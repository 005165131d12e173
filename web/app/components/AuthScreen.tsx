import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import { OrganizationLogo } from './OrganizationLogo';
import { useOrganization } from './useOrganization';

/**
 * The frame of the signed-out account screens: logo, heading and subheading (if any), the graphic,
 * then the form. The login and register screens take the organization's own texts and graphic when
 * it set them (portalSettings.authentication, not translated), else the catalogue's defaults.
 */
export function AuthScreen({ screen, title: givenTitle, subtitle: givenSubtitle, children }: { screen?: 'login' | 'register'; title?: string; subtitle?: string; children: ReactNode }) {
  const organization = useOrganization();
  const { t } = useTranslation('auth');
  const own = screen ? organization[screen] : undefined;
  const defaults = screen === 'login' ? { title: t('loginTitle'), description: t('loginDescription') } : screen === 'register' ? { title: t('registerTitle'), description: t('registerDescription') } : undefined;
  const title = own?.title ?? givenTitle ?? defaults?.title ?? '';
  const subtitle = own?.description ?? givenSubtitle ?? defaults?.description;
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Sheet variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 }, borderRadius: 'md', display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <OrganizationLogo organization={organization} />
        <div>
          <Typography level="h2" component="h1">
            {title}
          </Typography>
          {subtitle && <Typography level="body-md">{subtitle}</Typography>}
        </div>
        {own?.graphicURL && <img src={own.graphicURL} alt="" style={{ maxHeight: '25vh', maxWidth: '100%', objectFit: 'contain', alignSelf: 'center' }} />}
        {children}
      </Sheet>
    </Box>
  );
}

/** A message under a form (docs/contract/portal.md#login: the error message or 'An unknown error occurred'). */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Typography role="alert" level="body-sm" color="danger">
      {message}
    </Typography>
  );
}

/**
 * A signed-out screen that only says something: a link that no longer works (a warning, announced
 * as an alert) or what was done (announced as a status).
 */
export function AuthMessage({ title, tone, children }: { title: string; tone: 'warning' | 'success' | 'danger'; children: ReactNode }) {
  return (
    <AuthScreen title={title}>
      <Alert color={tone} role={tone === 'success' ? 'status' : 'alert'}>
        {children}
      </Alert>
    </AuthScreen>
  );
}
