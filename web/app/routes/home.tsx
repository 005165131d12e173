import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { useOrganization } from '../components/useOrganization';
import { requireOnboardedEnduser } from '../session.server';

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';

/** Home (002 §2.7), signed-in. The outstanding-work area and 'Your Events' come with their data. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { enduser } = await requireOnboardedEnduser(request);
  return { fname: typeof enduser.fname === 'string' && enduser.fname.trim() ? enduser.fname.trim() : undefined };
};

export default function Home() {
  const { fname } = useLoaderData<typeof loader>();
  const organization = useOrganization();
  return (
    <Box component="main" sx={{ maxWidth: 960, mx: 'auto', p: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography level="title-lg" component="p">
          {organization.name}
        </Typography>
        {/* A document navigation, so nothing of the signed-in session stays in the page. */}
        <Link component={RemixLink} to="/logout" reloadDocument>
          Log Out
        </Link>
      </Box>
      <Typography level="h1">{fname ? `Welcome, ${fname}!` : 'Welcome!'}</Typography>
    </Box>
  );
}
