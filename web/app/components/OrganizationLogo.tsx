import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { PortalOrganization } from '../organization';

/** The default mark shown when an organization has no logo. */
const DefaultMark = ({ color }: { color: string }) => (
  <svg aria-hidden="true" width="40" height="40" viewBox="0 0 32 32" focusable="false">
    <rect width="32" height="32" rx="8" fill={color} />
    <path d="M16 8.5a7.5 7.5 0 1 0 5.3 12.8" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
  </svg>
);

/**
 * The organization's logo on the signed-out screens (the landing logo, else the logo), at most 60px
 * high, named by the organization's name; without one, a default mark and the name as text.
 */
export function OrganizationLogo({ organization }: { organization: PortalOrganization }) {
  const logoURL = organization.landing.logoURL ?? organization.logoURL;
  if (logoURL) {
    return <img src={logoURL} alt={organization.name} style={{ maxHeight: 60, maxWidth: '100%', objectFit: 'contain' }} />;
  }
  return (
    <Stack direction="row" alignItems="center" justifyContent="center" gap={1.5}>
      <DefaultMark color={organization.themeColor} />
      <Typography level="title-lg" component="p">
        {organization.name}
      </Typography>
    </Stack>
  );
}
