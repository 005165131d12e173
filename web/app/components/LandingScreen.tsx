import { Link as RemixLink } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import Button from './Button';
import { OrganizationLogo } from './OrganizationLogo';
import { useTranslation } from '../i18n/I18nProvider';
import { useOrganization } from './useOrganization';

/** The landing screen (docs/contract/portal.md#landing): logo, title, graphic, Log in, or, Sign up. */
export function LandingScreen() {
  const organization = useOrganization();
  const { t } = useTranslation('auth');
  const { title, graphicURL } = organization.landing;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2.5, p: 3, textAlign: 'center' }}
    >
      <OrganizationLogo organization={organization} />
      <Typography level="h1">{title ?? t('defaultLandingTitle')}</Typography>
      {graphicURL && <img src={graphicURL} alt="" style={{ maxHeight: '25vh', maxWidth: '100%', objectFit: 'contain' }} />}
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1, width: '100%', maxWidth: 320 }}>
        <Button component={RemixLink} to="/login" size="lg">
          {t('logIn')}
        </Button>
        <Typography level="body-md" textColor="text.tertiary">
          {t('or')}
        </Typography>
        <Button component={RemixLink} to="/register" size="lg" variant="outlined">
          {t('signUp')}
        </Button>
      </Box>
    </Box>
  );
}
