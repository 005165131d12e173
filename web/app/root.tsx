import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { FALLBACK_LANGUAGE } from '@carelane/automation';
import { catalogueFor } from './i18n/catalogue.server';
import { I18nProvider } from './i18n/I18nProvider';
import { isStaffPath, pageLanguageOf, rootScreenTexts } from './i18n/screen-texts.server';
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
  const language = await pageLanguageOf(request, organization);
  // The staff app carries the whole (English) catalogue for the portal's screens it shows (preview,
  // filling a form for a patient); a portal page gets the root's namespaces here and the rest from its
  // routes' loaders (i18n/screen-texts.server.ts).
  return { organization, language, messages: isStaffPath(request) ? catalogueFor(language) : rootScreenTexts(language) };
};

/**
 * The organization does not change while a visitor moves around its portal; the language does
 * when they sign in or out or choose another (a form posted with `language`, or any sign-in form).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, currentUrl, nextUrl }) =>
  !!formData?.has('language') || currentUrl.pathname.startsWith('/login') || currentUrl.pathname.startsWith('/register') || nextUrl.pathname === '/logout' || currentUrl.pathname === '/onboarding';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.organization.name ?? 'Portal' }];

export function Layout({ children }: { children: ReactNode }) {
  const organization = useOptionalOrganization();
  // The CSP allows inline scripts only with this request's nonce (security-headers.server.ts).
  const nonce = useNonce();
  const theme = useMemo(() => portalTheme(organization?.themeColor), [organization?.themeColor]);
  const root = useRouteLoaderData<RootLoaderData>('root');
  const language = root?.language ?? FALLBACK_LANGUAGE;
  return (
    <html lang={language}>
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
          {root ? (
            <I18nProvider language={language} messages={root.messages}>
              {children}
            </I18nProvider>
          ) : (
            children
          )}
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
