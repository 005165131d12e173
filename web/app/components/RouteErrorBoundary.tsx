import { isRouteErrorResponse, Link as RemixLink, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import englishErrors from '../i18n/catalogue/en/errors';
import { isOrganizationErrorData } from '../organization';
import type { RootLoaderData } from '../root-data';

/**
 * The error texts in the page's language. Read from the root's data rather than through
 * useTranslation: when the root itself failed (no organization) there is no catalogue in the page,
 * and the screen is in English.
 */
const useErrorTexts = () => useRouteLoaderData<RootLoaderData>('root')?.messages.errors ?? englishErrors;

/**
 * Whether the error came from the server (in production Remix hands the browser a server's failure,
 * almost always a page's data failing to load, as an Error with this message), rather than from
 * drawing the page in the browser.
 */
const SERVER_FAILURE = 'Unexpected Server Error';
const isDataLoadFailure = (error: unknown) =>
  (isRouteErrorResponse(error) && error.status >= 500) || (error instanceof Error && error.message === SERVER_FAILURE);

const Screen = ({ children }: { children: ReactNode }) => (
  <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1.5, p: 3, textAlign: 'center' }}>
    {children}
  </Box>
);

/** The error screen of every route: organization lookup failures, and anything else that failed. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const texts = useErrorTexts();
  // Staff console pages lead back to the console, the portal's to its start page.
  const start = useLocation().pathname.startsWith('/staff') ? '/staff' : '/';
  if (isRouteErrorResponse(error) && isOrganizationErrorData(error.data)) {
    const failure = error.data;
    return (
      <Screen>
        {failure.organizationError === 'invalid' ? (
          <Typography level="h3" component="h1">
            {texts.invalidURL}
          </Typography>
        ) : (
          <>
            <Typography level="h3" component="h1">
              {texts.loadFailed}
            </Typography>
            <Typography level="body-md" color="danger">
              {failure.message}
            </Typography>
          </>
        )}
      </Screen>
    );
  }
  // A page the signed-in person may not see shows the api's own words (web/app/api.server.ts
  // refusedPage) and leads back to where they started; anything else says what kind of failure it was.
  // A record that does not exist (a loader answers 404) says so, and also leads back.
  const refused = isRouteErrorResponse(error) && error.status === 403 && typeof error.data === 'string' && error.data ? error.data : undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The staff app's routes show its own pages for a missing record or a page the role may not use first (staff/StaffErrorBoundary.tsx).
  return (
    <Screen>
      <Typography level="h3" component="h1">
        {refused ?? (notFound ? texts.notFound : isDataLoadFailure(error) ? texts.dataLoadFailed : texts.renderFailed)}
      </Typography>
      <Link component={RemixLink} to={refused || notFound ? start : '/'} reloadDocument>
        {texts.goToStart}
      </Link>
    </Screen>
  );
}
