import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Typography from '@mui/joy/Typography';
import { PortalPage } from '../components/PortalPage';
import { signedInEnduser } from '../portal/signed-in.server';

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';

/** Home (002 §2.7), signed-in. The outstanding-work area and 'Your Events' come with their data. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { enduser } = await signedInEnduser(request);
  return { fname: typeof enduser.fname === 'string' && enduser.fname.trim() ? enduser.fname.trim() : undefined };
};

export default function Home() {
  const { fname } = useLoaderData<typeof loader>();
  return (
    <PortalPage>
      <Typography level="h1">{fname ? `Welcome, ${fname}!` : 'Welcome!'}</Typography>
    </PortalPage>
  );
}
