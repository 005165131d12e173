import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react';
import CssBaseline from '@mui/joy/CssBaseline';
import { CssVarsProvider } from '@mui/joy/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { useOptionalOrganization } from './components/useOrganization';
import { useNonce } from './nonce';
import { requireOrganization } from './organization.server';
import type { RootLoaderData } from './root-data';
import { portalTheme } from './theme';
import { ReportTimeZone } from './time/ReportTimeZone';
import { signInFromToken } from './token-sign-in.server';

/**
 * Every page belongs to the organization named by the host (see organization.server.ts). Any page
 * opened with `?token=` signs in from that token first (token-sign-in.server.ts); the root loader
 * runs on every document request, so this covers every route.
 */
export const loader = async ({ request }: LoaderFunctionArgs): Promise<RootLoaderData> => {
  const organization = await requireOrganization(request);
  await signInFromToken(request, organization);
  return { organization };
};

/** The organization does not change while a visitor moves around its portal. */
export const shouldRevalidate = () => false;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.organization.name ?? 'Portal' }];

export function Layout({ children }: { children: ReactNode }) {
  const organization = useOptionalOrganization();
  // The CSP allows inline scripts only with this request's nonce (security-headers.server.ts).
  const nonce = useNonce();
  const theme = useMemo(() => portalTheme(organization?.themeColor), [organization?.themeColor]);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The browser's zone for the server's next renders (docs/decisions.md, "times on the viewer's clock"). */}
        <ReportTimeZone nonce={nonce} />
        <Meta />
        <link rel="icon" href={organization?.faviconURL ?? '/favicon.svg'} />
        <Links />
      </head>
      <body>
        <CssVarsProvider theme={theme} defaultMode="light" modeStorageKey="carelane-portal-mode" disableTransitionOnChange>
          <CssBaseline />
          {children}
        </CssVarsProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // A mark that the page is hydrated, for browser tests that must act only once it is (data-hydrated on <html>).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
